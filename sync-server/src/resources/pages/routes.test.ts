import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startV1Kit, ALL_SCOPES, type Envelope, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

type PageOut = {
  id: string;
  handle: string;
  title: string;
  status: string;
  url: string;
  published_at: string | null;
  has_unpublished_changes: boolean;
  blocks: Array<{ id: string; type: string; position: string } & Record<string, unknown>>;
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

describe('/v1/pages', () => {
  it('creates a page with its blocks in order, edits, replaces blocks, publishes and archives', async () => {
    const res = await kit.api('POST', '/v1/pages', {
      key,
      body: {
        handle: 'ada',
        title: 'Ada',
        bio: 'Engineer',
        blocks: [
          { type: 'header', text: 'Hi' },
          { type: 'link', title: 'Blog', url: 'https://example.com/blog' },
          { type: 'divider' },
        ],
      },
    });
    expect(res.status).toBe(201);
    const page = (await json<Envelope<PageOut>>(res)).data;
    expect(page).toMatchObject({
      handle: 'ada',
      title: 'Ada',
      status: 'draft',
      url: 'http://bio.localhost:8787/ada',
      published_at: null,
    });
    expect(page.blocks.map((b) => b.type)).toEqual(['header', 'link', 'divider']);
    expect(page.blocks[1]).toMatchObject({ title: 'Blog', url: 'https://example.com/blog' });
    const positions = page.blocks.map((b) => b.position);
    expect([...positions].sort()).toEqual(positions);

    const edited = await kit.api('PATCH', `/v1/pages/${page.id}`, {
      key,
      body: { title: 'Ada L.', blocks: [{ type: 'text', text: 'Only me' }] },
    });
    expect(edited.status).toBe(200);
    const after = (await json<Envelope<PageOut>>(edited)).data;
    expect(after.title).toBe('Ada L.');
    expect(after.blocks.map((b) => b.type)).toEqual(['text']);

    const published = await kit.api('POST', `/v1/pages/${page.id}/publish`, { key });
    expect(published.status).toBe(200);
    expect((await json<Envelope<PageOut>>(published)).data).toMatchObject({
      status: 'published',
      has_unpublished_changes: false,
    });
    const snapshot = await kit.deps.pool.query<{ published_snapshot: unknown }>(
      'SELECT published_snapshot FROM bio_pages WHERE id = $1',
      [page.id],
    );
    expect(JSON.stringify(snapshot.rows[0]?.published_snapshot)).toContain('Only me');

    const list = await json<Envelope<PageOut[]>>(await kit.api('GET', '/v1/pages?q=ada', { key }));
    expect(list.data.map((p) => p.id)).toEqual([page.id]);

    const archived = await kit.api('DELETE', `/v1/pages/${page.id}`, { key });
    expect(archived.status).toBe(200);
    expect((await json<Envelope<PageOut>>(archived)).data.status).toBe('archived');
  });

  it('keeps a Call button and a Mail icon: tel: and mailto: block destinations open the visitor’s own apps', async () => {
    const created = await kit.api('POST', '/v1/pages', {
      key,
      body: {
        handle: 'call-us',
        title: 'Call us',
        blocks: [
          { type: 'link', title: 'Call the shop', url: 'tel:+351210000000' },
          {
            type: 'social',
            links: [
              { network: 'email', url: 'mailto:hello@example.com' },
              { network: 'instagram', url: 'https://instagram.com/shop' },
            ],
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    const page = (await json<Envelope<PageOut>>(created)).data;
    expect(page.blocks.map((b) => b.url ?? b.links)).toEqual([
      'tel:+351210000000',
      [
        { network: 'email', url: 'mailto:hello@example.com' },
        { network: 'instagram', url: 'https://instagram.com/shop' },
      ],
    ]);
    // A web address beside them is still checked.
    const inside = await kit.api('POST', '/v1/pages', {
      key,
      body: {
        handle: 'call-inside',
        title: 'Inside',
        blocks: [
          { type: 'link', title: 'Call', url: 'tel:+351210000000' },
          { type: 'link', title: 'Intranet', url: 'http://10.0.0.1/' },
        ],
      },
    });
    expect(inside.status).toBe(422);
    const refusal = (await json<ErrorBody>(inside)).error;
    expect(refusal.code).toBe('destination_unsafe');
    // Named as the body names it, not as the command inside does (`data.url`).
    expect(refusal.details).toEqual([
      expect.objectContaining({ field: 'blocks.1.url', reason: 'private_address' }),
    ]);
    const icon = await kit.api('POST', '/v1/pages', {
      key,
      body: {
        handle: 'icon-inside',
        title: 'Inside',
        blocks: [{ type: 'social', links: [{ network: 'instagram', url: 'http://10.0.0.2/' }] }],
      },
    });
    expect((await json<ErrorBody>(icon)).error.details).toEqual([
      expect.objectContaining({ field: 'blocks.0.links.0.url' }),
    ]);
  });

  it('refuses a taken handle (409) and a bad block (400, nothing written)', async () => {
    expect(
      (await kit.api('POST', '/v1/pages', { key, body: { handle: 'taken', title: 'One' } })).status,
    ).toBe(201);
    const again = await kit.api('POST', '/v1/pages', { key, body: { handle: 'taken', title: 'Two' } });
    expect(again.status).toBe(409);
    expect((await json<ErrorBody>(again)).error.code).toBe('handle_taken');
    const before = await kit.count('bio_pages');
    const bad = await kit.api('POST', '/v1/pages', {
      key,
      body: {
        handle: 'blocky',
        title: 'B',
        blocks: [{ type: 'link', title: 'x', url: 'javascript:alert(1)' }, { type: 'rocket' }],
      },
    });
    expect(bad.status).toBe(400);
    expect((await json<ErrorBody>(bad)).error.details.map((d) => d.field)).toEqual([
      'blocks.0.url',
      'blocks.1.type',
    ]);
    expect(await kit.count('bio_pages')).toBe(before);
  });

  it('takes a preset’s gradient background over the API, and refuses an image URL that could break out of the stylesheet', async () => {
    const created = await kit.api('POST', '/v1/pages', {
      key,
      body: {
        handle: 'glow',
        title: 'Glow',
        theme: {
          background_kind: 'gradient',
          background: '#0f172a',
          background_to: '#1e293b',
          font: 'dm-sans',
        },
      },
    });
    expect(created.status).toBe(201);
    const page = (await json<Envelope<PageOut & { theme: Record<string, unknown> }>>(created)).data;
    expect(page.theme).toMatchObject({
      background_kind: 'gradient',
      background_to: '#1e293b',
      gradient_angle: 180,
      font: 'dm-sans',
    });
    const bad = await kit.api('PATCH', `/v1/pages/${page.id}`, {
      key,
      body: {
        theme: {
          background_kind: 'image',
          background_image: 'https://img.example/a.jpg");}body{background:url("https://evil.example/',
          gradient_angle: 400,
        },
      },
    });
    expect(bad.status).toBe(400);
    expect((await json<ErrorBody>(bad)).error.details.map((d) => d.field).sort()).toEqual([
      'theme.background_image',
      'theme.gradient_angle',
    ]);
    const after = await json<Envelope<{ theme: Record<string, unknown> }>>(
      await kit.api('GET', `/v1/pages/${page.id}`, { key }),
    );
    expect(after.data.theme).toMatchObject({ background_kind: 'gradient' });
    expect(after.data.theme.background_image).toBeUndefined();
  });

  it('hides another workspace’s page behind the same 404 as a missing one', async () => {
    const otherKey = await kit.key(ALL_SCOPES, 'other');
    const theirs = (
      await json<Envelope<PageOut>>(
        await kit.api('POST', '/v1/pages', { key: otherKey, body: { handle: 'theirs', title: 'T' } }),
      )
    ).data;
    const strip = (b: ErrorBody) => JSON.stringify({ ...b.error, request_id: '' });
    for (const [method, suffix] of [
      ['GET', ''],
      ['DELETE', ''],
      ['POST', '/publish'],
    ] as const) {
      const cross = await kit.api(method, `/v1/pages/${theirs.id}${suffix}`, { key });
      const missing = await kit.api(method, `/v1/pages/0190c3c4-0000-7000-8000-0000000000ff${suffix}`, {
        key,
      });
      expect(cross.status).toBe(404);
      expect(strip(await json<ErrorBody>(cross))).toBe(strip(await json<ErrorBody>(missing)));
    }
  });
});
