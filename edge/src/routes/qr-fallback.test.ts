import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamEvents } from '@linkhub/shared/analytics/event';
import { clicksStreamKey, redirectKey, redirectMissKey } from '@linkhub/shared/cache/keys';
import {
  createHarness,
  LINK_HOST,
  ready,
  unreachablePg,
  unreachableRedis,
  visit,
  type Harness,
} from '../testing/harness';

let h: Harness;
let ws: string;
let deletedWs: string;

beforeAll(async () => {
  h = await createHarness();
  ws = await h.seed.workspace({
    name: 'Acme Coffee',
    holding_page: { title: 'Menu coming soon', message: 'Brewing something new.', background: '#fdf6e3' },
  });
  deletedWs = await h.seed.workspace({ name: 'Gone Ltd' });
  const d = h.domains.linkDomainId;
  await h.seed.qr(ws, d, 'live', 'https://example.com/menu');
  await h.seed.qr(ws, d, 'paused-lg', 'https://example.com/new-menu', {
    status: 'paused',
    last_good_destination: 'https://example.com/old-menu',
  });
  await h.seed.qr(ws, d, 'archived-lg', 'https://example.com/x', {
    archived_at: new Date(),
    last_good_destination: 'https://example.com/kept',
  });
  await h.seed.qr(ws, d, 'locked-lg', 'https://example.com/x', {
    locked: true,
    locked_at: new Date(),
    locked_reason: 'plan_downgrade',
    last_good_destination: 'https://example.com/kept',
  });
  await h.seed.qr(ws, d, 'expired-lg', 'https://example.com/x', {
    expires_at: new Date('2020-01-01T00:00:00Z'),
    last_good_destination: 'https://example.com/kept',
  });
  await h.seed.qr(ws, d, 'paused-nolg', 'https://example.com/x', { status: 'paused' });
  await h.seed.qr(deletedWs, d, 'orphan', 'https://example.com/gone', { status: 'paused' });
  await h.seed.qr(deletedWs, d, 'orphan-lg', 'https://example.com/gone', {
    last_good_destination: 'https://example.com/still-here',
  });
  await h.sql.query(
    `UPDATE workspaces SET deleted_at = now(), purge_after = now() + interval '30 days' WHERE id = $1`,
    [deletedWs],
  );
  await h.seed.link(ws, d, 'plain', 'https://example.com/plain');
});
afterAll(async () => {
  await h.close();
});

describe('QR fallback chain', () => {
  it('rung 1: a live code 302s to its destination and is captured as a scan', async () => {
    const { app, edgeRedis } = h.app();
    await ready(edgeRedis);
    const res = await visit(app, LINK_HOST, '/LIVE');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/menu');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const events = await eventsFor(h);
    expect(events.some((e) => e.event_type === 'scan' && e.fallback_stage === 'live')).toBe(true);
  });

  it.each(['paused-lg', 'archived-lg', 'locked-lg', 'expired-lg'])(
    'rung 2: %s 302s to the last good destination',
    async (slug) => {
      const { app } = h.app();
      const res = await visit(app, LINK_HOST, `/${slug}`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toMatch(/^https:\/\/example\.com\/(old-menu|kept)$/);
    },
  );

  it('rung 2 also after the workspace is deleted', async () => {
    const { app } = h.app();
    const res = await visit(app, LINK_HOST, '/orphan-lg');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/still-here');
  });

  it('rung 3: the branded holding page, 200 with Cache-Control: public, max-age=60', async () => {
    const { app } = h.app();
    const res = await visit(app, LINK_HOST, '/paused-nolg');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const html = await res.text();
    expect(html).toContain('Menu coming soon');
    expect(html).toContain('Brewing something new.');
    expect(html).toContain('Acme Coffee');
    expect(html).toContain('#fdf6e3');
  });

  it('rung 4: the generic page when nothing of the workspace is left to show', async () => {
    const { app } = h.app();
    const res = await visit(app, LINK_HOST, '/orphan');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const html = await res.text();
    expect(html).toContain('LinkHub');
    expect(html).not.toContain('Gone Ltd');
  });

  it('never negatively caches or expires a QR key', async () => {
    const { app } = h.app();
    await visit(app, LINK_HOST, '/paused-nolg');
    await waitFor(async () => (await h.redis.exists(redirectKey(h.prefix, LINK_HOST, 'paused-nolg'))) === 1);
    expect(await h.redis.ttl(redirectKey(h.prefix, LINK_HOST, 'paused-nolg'))).toBe(-1);
    expect(await h.redis.exists(redirectMissKey(h.prefix, LINK_HOST, 'paused-nolg'))).toBe(0);
  });
});

describe('degradation', () => {
  const qrSlugs = [
    'live',
    'paused-lg',
    'archived-lg',
    'locked-lg',
    'expired-lg',
    'paused-nolg',
    'orphan',
    'orphan-lg',
  ];

  it('with Redis unreachable, serves from PostgreSQL and holds capture for the reconnect', async () => {
    const { app, metrics } = h.app({ redis: unreachableRedis() });
    const res = await visit(app, LINK_HOST, '/live');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/menu');
    expect((await visit(app, LINK_HOST, '/plain')).status).toBe(302);
    expect((await visit(app, LINK_HOST, '/nope')).status).toBe(404);
    expect(metrics.captureHeld).toBe(2);
    expect(metrics.captured).toBe(0);
  });

  it('with PostgreSQL unreachable, serves from Redis; an uncached slug gets the generic page, never a 404 or 5xx', async () => {
    const warm = h.app();
    expect((await visit(warm.app, LINK_HOST, '/live')).status).toBe(302);
    await waitFor(async () => (await h.redis.exists(redirectKey(h.prefix, LINK_HOST, 'live'))) === 1);
    const { app, edgeRedis } = h.app({ pg: unreachablePg() });
    await ready(edgeRedis);
    const res = await visit(app, LINK_HOST, '/live');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/menu');
    const uncached = await visit(app, LINK_HOST, '/never-seen-before');
    expect(uncached.status).toBe(200);
  });

  it('with Redis and PostgreSQL both going down mid-test, every QR request still answers 302 or 200', async () => {
    const edge = h.app();
    await ready(edge.edgeRedis);
    const before: Record<string, { status: number; location: string | null }> = {};
    for (const slug of qrSlugs) {
      const res = await visit(edge.app, LINK_HOST, `/${slug}`);
      before[slug] = { status: res.status, location: res.headers.get('location') };
    }
    // Both stores go away under the running app (Redis: the command and the invalidation connections).
    edge.edgeRedis.disconnect();
    edge.hotCache?.close();
    await edge.lookup.close();
    for (const slug of [...qrSlugs, ...qrSlugs.map((s) => s.toUpperCase())]) {
      const res = await visit(edge.app, LINK_HOST, `/${slug}`);
      expect([200, 302]).toContain(res.status);
      expect({ status: res.status, location: res.headers.get('location') }).toEqual(
        before[slug.toLowerCase()],
      );
    }
    // A code this instance has never seen: the generic page.
    expect((await visit(edge.app, LINK_HOST, '/printed-but-unseen')).status).toBe(200);
    expect(edge.metrics.lastKnownServed).toBeGreaterThanOrEqual(qrSlugs.length * 2);
    const health = await visit(edge.app, LINK_HOST, '/healthz');
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ redis: 'down', postgres: 'down' });
  });
});

async function eventsFor(harness: Harness) {
  for (let i = 0; i < 50; i++) {
    const entries = await harness.redis.xrange(clicksStreamKey(harness.prefix), '-', '+');
    const events = streamEvents(entries);
    if (events.length > 0) return events;
    await new Promise((r) => setTimeout(r, 20));
  }
  return [];
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition never held');
}
