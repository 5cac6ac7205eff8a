import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRedirectPayload } from '@linkhub/shared/cache/build-payload';
import { domainHostKey, redirectKey, redirectMissKey } from '@linkhub/shared/cache/keys';
import { refreshRedirect } from '@linkhub/shared/server/cache/refresh';
import {
  DOMAIN_ROUTE_MISS_TTL_SECONDS,
  writeDomainRoute,
  writeRedirectPayload,
} from '@linkhub/shared/server/cache/write-through';
import { domainRouteSchema } from '@linkhub/shared/cache/payload';
import { createHarness, LINK_HOST, ready, visit, type Harness } from '../testing/harness';

/** The redirect's caches: PostgreSQL once per miss, Redis write-through, the in-process hot cache and its memo of answers, all coherent with every write. */
let h: Harness;
let ws: string;
let edge: ReturnType<Harness['app']>;
const go = (path: string) => visit(edge.app, LINK_HOST, path);

beforeAll(async () => {
  h = await createHarness();
  ws = await h.seed.workspace({ name: 'Acme Coffee' });
  edge = h.app();
  await ready(edge.edgeRedis);
  await edge.hotCache?.whenActive();
});
afterAll(async () => {
  await h.close();
});

describe('redirect: cache', () => {
  it('does exactly one PostgreSQL query on a miss, none on the next hit, and writes rd: with a 3600 s TTL', async () => {
    await h.seed.link(ws, h.domains.linkDomainId, 'counted', 'https://example.com/counted');
    const before = edge.lookup.queryCount;
    expect((await go('/counted')).status).toBe(302);
    expect(edge.lookup.queryCount - before).toBe(1);
    await waitFor(async () => (await h.redis.exists(redirectKey(h.prefix, LINK_HOST, 'counted'))) === 1);
    const ttl = await h.redis.ttl(redirectKey(h.prefix, LINK_HOST, 'counted'));
    expect(ttl).toBeGreaterThan(3500);
    expect((await go('/counted')).status).toBe(302);
    expect(edge.lookup.queryCount - before).toBe(1);
  });

  it('writes the host route it read on a miss with a TTL, so a copy read before a domain change cannot outlive it', async () => {
    await h.redis.del(domainHostKey(h.prefix, LINK_HOST));
    await h.seed.link(ws, h.domains.linkDomainId, 'route-ttl', 'https://example.com/route-ttl');
    expect((await go('/route-ttl')).status).toBe(302);
    await waitFor(async () => (await h.redis.exists(domainHostKey(h.prefix, LINK_HOST))) === 1);
    const ttl = await h.redis.ttl(domainHostKey(h.prefix, LINK_HOST));
    expect(ttl).toBeGreaterThan(DOMAIN_ROUTE_MISS_TTL_SECONDS - 60);
    expect(ttl).toBeLessThanOrEqual(DOMAIN_ROUTE_MISS_TTL_SECONDS);
  });

  it('redirects a re-pointed link to the new destination on the very next request', async () => {
    const id = await h.seed.link(ws, h.domains.linkDomainId, 'repoint', 'https://example.com/old');
    expect((await go('/repoint')).headers.get('location')).toBe('https://example.com/old');
    await waitFor(async () => (await h.redis.exists(redirectKey(h.prefix, LINK_HOST, 'repoint'))) === 1);
    // What the command layer does after commit: update the row, rebuild the payload, write through.
    await h.sql.query(`UPDATE links SET destination_url = 'https://example.com/new' WHERE id = $1`, [id]);
    const { rows } = await h.sql.query(
      `SELECT to_jsonb(l) AS link, to_jsonb(w) AS workspace FROM links l JOIN workspaces w ON w.id = l.workspace_id WHERE l.id = $1`,
      [id],
    );
    const payload = buildRedirectPayload({
      host: LINK_HOST,
      slug: 'repoint',
      workspace: rows[0].workspace,
      link: rows[0].link,
      qr: null,
      experiment: null,
    });
    expect(await writeRedirectPayload(h.redis, h.prefix, LINK_HOST, 'repoint', payload)).toBe('written');
    expect((await go('/repoint')).headers.get('location')).toBe('https://example.com/new');
  });

  it('serves repeat hits from the in-process hot cache, yet every re-point through the write-through shows on the very next request', async () => {
    const id = await h.seed.link(ws, h.domains.linkDomainId, 'hot', 'https://example.com/v0');
    const io = { sql: h.sql, redis: h.redis, prefix: h.prefix };
    expect(await refreshRedirect(io, LINK_HOST, 'hot')).toBe('written');
    for (let version = 1; version <= 20; version++) {
      expect((await go('/hot')).headers.get('location')).toBe(`https://example.com/v${version - 1}`);
      const hotHits = edge.metrics.hotCacheHits;
      expect((await go('/hot')).headers.get('location')).toBe(`https://example.com/v${version - 1}`);
      expect(edge.metrics.hotCacheHits).toBe(hotHits + 1);
      // What a command does after commit: the row changes, then the shared write-through rebuilds the key.
      await h.sql.query(
        `UPDATE links SET destination_url = $1, row_version = row_version + 1 WHERE id = $2`,
        [`https://example.com/v${version}`, id],
      );
      expect(await refreshRedirect(io, LINK_HOST, 'hot')).toBe('written');
      expect((await go('/hot')).headers.get('location')).toBe(`https://example.com/v${version}`);
    }
  });

  it('forgets the routes it served from memory when its tracking connection drops: a write made meanwhile shows once it is back', async () => {
    const id = await h.seed.link(ws, h.domains.linkDomainId, 'across-drop', 'https://example.com/before');
    const io = { sql: h.sql, redis: h.redis, prefix: h.prefix };
    expect(await refreshRedirect(io, LINK_HOST, 'across-drop')).toBe('written');
    for (let i = 0; i < 3; i++)
      expect((await go('/across-drop')).headers.get('location')).toBe('https://example.com/before');
    const hot = edge.hotCache;
    const tracking = hot?.trackingClientId;
    if (!hot || tracking === null || tracking === undefined) throw new Error('the hot cache is not tracking');
    await h.redis.call('CLIENT', 'KILL', 'ID', String(tracking));
    await waitFor(async () => !hot.active);
    await h.sql.query(
      `UPDATE links SET destination_url = 'https://example.com/after', row_version = row_version + 1 WHERE id = $1`,
      [id],
    );
    expect(await refreshRedirect(io, LINK_HOST, 'across-drop')).toBe('written');
    await hot.whenActive();
    expect((await go('/across-drop')).headers.get('location')).toBe('https://example.com/after');
  });

  it('redirects on the very next request once a link takes a slug whose 404 was served from memory', async () => {
    expect((await go('/taken-later')).status).toBe(404);
    await waitFor(
      async () => (await h.redis.exists(redirectMissKey(h.prefix, LINK_HOST, 'taken-later'))) === 1,
    );
    for (let i = 0; i < 3; i++) expect((await go('/taken-later')).status).toBe(404);
    await h.seed.link(ws, h.domains.linkDomainId, 'taken-later', 'https://example.com/now-here');
    const io = { sql: h.sql, redis: h.redis, prefix: h.prefix };
    // The write-through writes the payload and deletes the negative-cache key: either drops the remembered 404.
    expect(await refreshRedirect(io, LINK_HOST, 'taken-later')).toBe('written');
    const next = await go('/taken-later');
    expect(next.status).toBe(302);
    expect(next.headers.get('location')).toBe('https://example.com/now-here');
  });

  it('answers 404 on the very next request after a hot-cached link is deleted', async () => {
    const id = await h.seed.link(ws, h.domains.linkDomainId, 'hot-deleted', 'https://example.com/here');
    expect((await go('/hot-deleted')).status).toBe(302);
    await waitFor(async () => (await h.redis.exists(redirectKey(h.prefix, LINK_HOST, 'hot-deleted'))) === 1);
    expect((await go('/hot-deleted')).status).toBe(302);
    const hotHits = edge.metrics.hotCacheHits;
    expect((await go('/hot-deleted')).status).toBe(302);
    expect(edge.metrics.hotCacheHits).toBe(hotHits + 1);
    await h.sql.query(`UPDATE links SET deleted_at = now() WHERE id = $1`, [id]);
    expect(
      await refreshRedirect({ sql: h.sql, redis: h.redis, prefix: h.prefix }, LINK_HOST, 'hot-deleted'),
    ).toBe('purged');
    expect((await go('/hot-deleted')).status).toBe(404);
  });

  it("shows a change of the host's route on the very next request, after repeats served from memory", async () => {
    const host = 'rebrand.acme.test';
    await h.seed.customDomain(ws, host);
    expect(await (await visit(edge.app, host, '/gone')).text()).toContain('Acme Coffee');
    await waitFor(async () => (await h.redis.exists(redirectMissKey(h.prefix, host, 'gone'))) === 1);
    await waitFor(async () => (await h.redis.exists(domainHostKey(h.prefix, host))) === 1);
    for (let i = 0; i < 3; i++) expect((await visit(edge.app, host, '/gone')).status).toBe(404);
    const before = edge.lookup.queryCount;
    const route = domainRouteSchema.parse(
      JSON.parse((await h.redis.get(domainHostKey(h.prefix, host))) ?? ''),
    );
    if (route.branding === null) throw new Error('the custom domain has no branding');
    await writeDomainRoute(h.redis, h.prefix, host, {
      ...route,
      branding: { ...route.branding, workspace_name: 'Acme Roasters' },
    });
    const next = await visit(edge.app, host, '/gone');
    expect(next.status).toBe(404);
    expect(await next.text()).toContain('Acme Roasters');
    expect(edge.lookup.queryCount).toBe(before);
  });
});

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition never held');
}
