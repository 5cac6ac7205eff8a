import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { parseRedirectPayload } from '@linkhub/shared/cache/payload';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { linkPreviewFetch } from './link-preview-fetch';

/**
 * A real local web server stands for the destination (the network settings let only its address
 * through, as the webhook tests do): its og tags fill what the user left empty, nothing else.
 */
let t: TestWorkerDeps;
let server: Server;
let port = 0;
let workspaceId = '';
let domainId = '';
const HOST = 'shop.example';

const PAGE = `<!doctype html><html><head><title>Shop</title>
<meta property="og:title" content="The shop's own title">
<meta property="og:description" content="Fresh coffee every morning.">
<meta property="og:image" content="https://cdn.shop.example/card.jpg"></head><body>hi</body></html>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/moved') {
      res.writeHead(301, { location: '/page' });
      return res.end();
    }
    if (req.url === '/inside') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.3', resolve));
  port = (server.address() as AddressInfo).port;
  t = await createTestWorkerDeps(
    {},
    {
      webhookNetwork: {
        resolveHost: async (host) => (host === HOST ? ['127.0.0.3'] : []),
        allowAddress: (a) => a === '127.0.0.3',
        allowPort: () => true,
      },
    },
  );
  const h = createDb(t.database.url);
  const owner = await insertUser(h.db);
  workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id })).workspace.id;
  await h.close();
  const domain = await t.deps.pool.query<{ id: string }>(
    `INSERT INTO custom_domains (hostname, workspace_id, is_system, purpose, status, verification_method, verified_at, tls_status)
     VALUES ('lnk.localhost', NULL, true, 'links', 'verified', 'system', now(), 'not_required') RETURNING id`,
  );
  domainId = domain.rows[0]?.id ?? '';
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => server.close(r));
});

async function link(slug: string, path: string, preview: unknown): Promise<{ id: string; url: string }> {
  const url = `http://${HOST}:${port}${path}`;
  const { rows } = await t.deps.pool.query<{ id: string }>(
    `INSERT INTO links (workspace_id, domain_id, slug, destination_url, social_preview) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [workspaceId, domainId, slug, url, preview === null ? null : JSON.stringify(preview)],
  );
  return { id: rows[0]?.id ?? '', url };
}

const run = (linkId: string, url: string) =>
  linkPreviewFetch({ link_id: linkId, destination_url: url }, {} as Job, t.deps);
const stored = async (id: string) =>
  (
    await t.deps.pool.query<{ social_preview: unknown }>('SELECT social_preview FROM links WHERE id = $1', [
      id,
    ])
  ).rows[0]?.social_preview;

describe('link-preview-fetch', () => {
  it('fills only the empty fields, through a redirect, and rebuilds the edge key', async () => {
    const { id, url } = await link('filled', '/moved', { title: 'Mine', description: null, image_url: null });
    expect(await run(id, url)).toEqual({ filled: ['description', 'image_url'] });
    expect(await stored(id)).toEqual({
      title: 'Mine',
      description: 'Fresh coffee every morning.',
      image_url: 'https://cdn.shop.example/card.jpg',
    });
    const raw = await t.deps.cacheRedis.get(
      redirectKey(t.deps.config.REDIS_PREFIX, 'lnk.localhost', 'filled'),
    );
    expect(raw === null ? null : parseRedirectPayload(raw)?.social_preview?.description).toBe(
      'Fresh coffee every morning.',
    );
  });

  it('changes nothing when the card was removed or the destination changed since', async () => {
    const removed = await link('removed', '/page', null);
    expect(await run(removed.id, removed.url)).toEqual({ filled: [] });
    expect(await stored(removed.id)).toBeNull();
    const moved = await link('moved-on', '/page', { title: 'T', description: null, image_url: null });
    expect(await run(moved.id, `http://${HOST}:${port}/other`)).toEqual({ filled: [] });
  });

  it('never follows a redirect inside', async () => {
    const { id, url } = await link('inside', '/inside', {
      title: null,
      description: 'Mine',
      image_url: null,
    });
    expect(await run(id, url)).toEqual({ filled: [] });
    expect(await stored(id)).toEqual({ title: null, description: 'Mine', image_url: null });
  });
});
