import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullPrefix } from '@linkhub/shared/jobs/queues';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

type PageOut = {
  id: string;
  notice: { kind: string; message?: string } | null;
  blocks: Array<{ id: string; type: string } & Record<string, unknown>>;
};

let kit: V1Kit;
let key: string;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => {
  await kit.stop();
});

/** REST for scheduled blocks and notices (D-605, D-606, D-608): in, out, published, recorded. */
describe('/v1/pages: block schedules and notices', () => {
  it('takes a schedule on any block, a notice on a link and on the page, and publishes them', async () => {
    const res = await kit.api('POST', '/v1/pages', {
      key,
      body: {
        handle: 'inked',
        title: 'Inked',
        notice: { kind: 'adult', message: 'Nudity.' },
        blocks: [
          {
            type: 'header',
            text: 'Sale',
            visible_from: '2026-12-12T10:00:00Z',
            visible_until: '2026-12-14T18:00:00Z',
          },
          {
            type: 'link',
            title: 'Gallery',
            url: 'https://gallery.example/',
            notice: { kind: 'sensitive' },
            visible_until: null,
          },
          { type: 'divider', visible_from: '2026-12-12T10:00:00+01:00' },
        ],
      },
    });
    expect(res.status).toBe(201);
    const page = (await json<Envelope<PageOut>>(res)).data;
    expect(page.notice).toEqual({ kind: 'adult', message: 'Nudity.' });
    expect(page.blocks[0]).toMatchObject({
      visible_from: '2026-12-12T10:00:00Z',
      visible_until: '2026-12-14T18:00:00Z',
    });
    expect(page.blocks[1]).toMatchObject({ notice: { kind: 'sensitive' } });
    expect(page.blocks[2]).toMatchObject({ visible_from: '2026-12-12T10:00:00+01:00' });

    expect((await kit.api('POST', `/v1/pages/${page.id}/publish`, { key })).status).toBe(200);
    const { rows } = await kit.deps.pool.query<{ published_snapshot: Record<string, unknown> }>(
      'SELECT published_snapshot FROM bio_pages WHERE id = $1',
      [page.id],
    );
    expect(rows[0]?.published_snapshot).toMatchObject({
      notice: { kind: 'adult', message: 'Nudity.' },
      blocks: [
        { type: 'header', data: { visible_until: '2026-12-14T18:00:00Z' } },
        { type: 'link', data: { notice: { kind: 'sensitive' } } },
        { type: 'divider' },
      ],
    });

    // Cleared with null; the change is in the page's history, field by field.
    const cleared = await kit.api('PATCH', `/v1/pages/${page.id}`, { key, body: { notice: null } });
    expect(cleared.status).toBe(200);
    expect((await json<Envelope<PageOut>>(cleared)).data.notice).toBeNull();
    const history = await kit.deps.pool.query<{ changes: Record<string, unknown> }>(
      `SELECT changes FROM audit_log_entries WHERE resource_id = $1 AND action = 'bio_page.updated' ORDER BY created_at DESC LIMIT 1`,
      [page.id],
    );
    expect(history.rows[0]?.changes).toMatchObject({
      before: { notice: { kind: 'adult', message: 'Nudity.' } },
      after: { notice: null },
    });
  });

  it('asks the worker for an embed’s thumbnail at publish, and copies a stored one in (D-609)', async () => {
    const queue = new Queue('embed-thumbnail', {
      connection: kit.deps.redis,
      prefix: bullPrefix(kit.deps.config.REDIS_PREFIX),
    });
    try {
      const created = await kit.api('POST', '/v1/pages', {
        key,
        body: {
          handle: 'clips',
          title: 'Clips',
          blocks: [{ type: 'embed', url: 'https://youtu.be/dQw4w9WgXcQ' }],
        },
      });
      const page = (await json<Envelope<PageOut>>(created)).data;
      expect((await kit.api('POST', `/v1/pages/${page.id}/publish`, { key })).status).toBe(200);
      const job = await queue.getJob(`embed-thumbnail-${page.id}-2`);
      expect(job?.data).toEqual({ page_id: page.id });

      // Once stored (the worker's part), the next publish copies it in and asks nothing more.
      await kit.deps.pool.query(
        `INSERT INTO embed_thumbnails (page_url, provider, title) VALUES ('https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'A song')`,
      );
      await kit.api('PATCH', `/v1/pages/${page.id}`, { key, body: { title: 'Clips!' } });
      expect((await kit.api('POST', `/v1/pages/${page.id}/publish`, { key })).status).toBe(200);
      const { rows } = await kit.deps.pool.query<{
        published_snapshot: Record<string, unknown>;
        draft_revision: number;
      }>('SELECT published_snapshot, draft_revision FROM bio_pages WHERE id = $1', [page.id]);
      expect(rows[0]?.published_snapshot).toMatchObject({
        blocks: [{ data: { thumbnail: { title: 'A song' } } }],
      });
      expect(
        await queue.getJob(`embed-thumbnail-${page.id}-${rows[0]?.draft_revision ?? 0}`),
      ).toBeUndefined();
    } finally {
      await queue.close();
    }
  });

  it('refuses an end before the start, a bad instant and an unknown notice kind, writing nothing', async () => {
    const before = await kit.deps.pool.query<{ n: string }>('SELECT count(*) AS n FROM bio_pages');
    for (const [blocks, field] of [
      [
        [
          {
            type: 'text',
            text: 'x',
            visible_from: '2026-12-14T00:00:00Z',
            visible_until: '2026-12-13T00:00:00Z',
          },
        ],
        'blocks.0.visible_until',
      ],
      [[{ type: 'text', text: 'x', visible_from: 'next friday' }], 'blocks.0.visible_from'],
      [
        [{ type: 'link', title: 'x', url: 'https://a.example/', notice: { kind: 'scary' } }],
        'blocks.0.notice.kind',
      ],
      [[{ type: 'header', text: 'x', notice: { kind: 'adult' } }], 'blocks.0'],
    ] as const) {
      const res = await kit.api('POST', '/v1/pages', {
        key,
        body: { handle: 'nope', title: 'Nope', blocks },
      });
      expect(res.status, field).toBe(400);
      const body = await json<ErrorBody>(res);
      expect(
        body.error.details.map((d) => d.field).some((f) => f.startsWith(field)),
        JSON.stringify(body),
      ).toBe(true);
    }
    const after = await kit.deps.pool.query<{ n: string }>('SELECT count(*) AS n FROM bio_pages');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});
