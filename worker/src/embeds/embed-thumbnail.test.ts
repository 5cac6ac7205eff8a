import { createServer, type Server } from 'node:http';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageKey } from '@linkhub/shared/cache/keys';
import { renderBioPage } from '@linkhub/shared/blocks/render-page';
import { pageSnapshotSchema } from '@linkhub/shared/blocks/snapshot';
import { photoStorageKey } from '@linkhub/shared/photos/responsive-image';
import { createDb, ensureSystemDomains } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createQueue } from '../queues';
import { startWorkers, type WorkerRuntime } from '../runtime';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { embedThumbnail } from './embed-thumbnail';

const VIDEO = 'https://youtu.be/dQw4w9WgXcQ';
const TRACK = 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC';

/** A stand-in for the providers: an oEmbed endpoint and the thumbnail it names, on loopback. */
async function startProvider(): Promise<{ server: Server; base: string; asked: string[] }> {
  const jpeg = await sharp({ create: { width: 480, height: 360, channels: 3, background: '#c83232' } })
    .jpeg()
    .toBuffer();
  const asked: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://provider.test');
    asked.push(`${url.pathname}?${url.searchParams.get('url') ?? ''}`);
    if (url.pathname === '/oembed') {
      const page = url.searchParams.get('url') ?? '';
      const answer = page.includes('youtube')
        ? { type: 'video', title: 'Never gonna give you up', thumbnail_url: `${base}/thumb.jpg` }
        : { type: 'rich', title: 'A track without picture' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    } else if (url.pathname === '/thumb.jpg') res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const base = `http://127.0.0.1:${port}`;
  return { server, base, asked };
}

let t: TestWorkerDeps;
let runtime: WorkerRuntime;
let provider: Awaited<ReturnType<typeof startProvider>>;
let artifacts: string;
let queue: ReturnType<typeof createQueue<'embed-thumbnail'>>;
let pageId: string;

beforeAll(async () => {
  provider = await startProvider();
  artifacts = await mkdtemp(join(tmpdir(), 'linkhub-thumbs-'));
  t = await createTestWorkerDeps(
    { ARTIFACT_DIR: artifacts, OEMBED_ENDPOINT: `${provider.base}/oembed` },
    // Tests widen the outbound policy to the loopback stand-in, never through configuration.
    {
      webhookNetwork: {
        resolveHost: async () => ['127.0.0.1'],
        allowAddress: () => true,
        allowPort: () => true,
      },
    },
  );
  const h = createDb(t.database.url);
  const { bioDomainId } = await ensureSystemDomains(h.db, {});
  const owner = await insertUser(h.db);
  const workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id })).workspace.id;
  await h.close();
  const snapshot = pageSnapshotSchema.parse({
    id: 'placeholder',
    workspace_id: workspaceId,
    handle: 'maya',
    title: 'Maya',
    blocks: [
      { id: 'v1', type: 'embed', data: { url: VIDEO } },
      { id: 't1', type: 'embed', data: { url: TRACK } },
    ],
    revision: 1,
  });
  const { rows } = await t.deps.pool.query<{ id: string }>(
    `INSERT INTO bio_pages (workspace_id, domain_id, handle, title, published_snapshot, published_at, published_revision)
     VALUES ($1, $2, 'maya', 'Maya', $3, now(), 1) RETURNING id`,
    [workspaceId, bioDomainId, JSON.stringify(snapshot)],
  );
  pageId = rows[0]?.id ?? '';
  runtime = startWorkers(t.deps, { 'embed-thumbnail': embedThumbnail });
  queue = createQueue('embed-thumbnail', t.deps.redis, t.deps.config.REDIS_PREFIX);
});

afterAll(async () => {
  await runtime.close();
  await queue.close();
  const keys = await t.deps.redis.keys(`${t.deps.config.REDIS_PREFIX}*`);
  if (keys.length > 0) await t.deps.redis.del(...keys);
  await t.close();
  provider.server.close();
  await rm(artifacts, { recursive: true, force: true });
});

async function run(): Promise<void> {
  const job = await queue.add({ page_id: pageId });
  for (let i = 0; i < 800; i++) {
    const state = await job.getState();
    if (state === 'completed') return;
    if (state === 'failed')
      throw new Error((await queue.queue.getJob(job.id ?? ''))?.failedReason ?? 'failed');
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('embed-thumbnail did not finish');
}

describe('embed thumbnails at publish (D-609)', () => {
  it('stores the provider’s thumbnail as photo variants and puts it in the published page', async () => {
    await run();
    expect(provider.asked).toContain('/oembed?https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    const { rows } = await t.deps.pool.query<{ published_snapshot: unknown }>(
      'SELECT published_snapshot FROM bio_pages WHERE id = $1',
      [pageId],
    );
    const page = pageSnapshotSchema.parse(rows[0]?.published_snapshot);
    const [video, track] = page.blocks;
    if (video?.type !== 'embed' || track?.type !== 'embed') throw new Error('expected two embeds');
    expect(video.data.thumbnail?.title).toBe('Never gonna give you up');
    const variants = video.data.thumbnail?.image?.variants ?? [];
    expect(variants.map((v) => v.format).sort()).toEqual(['avif', 'jpeg', 'webp']);
    for (const v of variants) {
      const file = v.path.replace('/_img/', '');
      expect((await stat(join(artifacts, photoStorageKey(file)))).size).toBe(v.byte_size);
    }
    // The provider had no picture for the track: its title, and the designed placeholder.
    expect(track.data.thumbnail).toEqual({ title: 'A track without picture' });

    const html = renderBioPage(page, { nonce: 'n', linkHref: (id) => `/maya/l/${id}` });
    expect(html).toContain('class="embed video youtube has-thumb"');
    expect(html).toMatch(/<picture><source type="image\/avif" srcset="\/_img\/[0-9a-f]{32}\.avif 480w"/);
    expect(html).toContain('<span class="embed-title">Never gonna give you up</span>');
    expect(html).toContain('class="embed audio spotify"');
    // Still a facade: nothing from the provider's hosts before a click.
    expect(html).not.toMatch(/src="https?:\/\/(?!.*_img)/);

    // The edge's cached page was rebuilt with it.
    const cached = await t.deps.cacheRedis.get(pageKey(t.deps.config.REDIS_PREFIX, 'bio.localhost', 'maya'));
    expect(cached).toContain('Never gonna give you up');
  });

  it('asks the provider once per embed, whichever page publishes it next', async () => {
    const before = provider.asked.length;
    await run();
    expect(provider.asked.length).toBe(before);
  });
});
