import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamEvents, type AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { samplePageSnapshot } from '@linkhub/shared/blocks/sample-page';
import { acmeChallengeKey, clicksStreamKey, pageKey } from '@linkhub/shared/cache/keys';
import {
  BIO_HOST,
  createHarness,
  LINK_HOST,
  ready,
  unreachablePg,
  unreachableRedis,
  visit,
  type Harness,
} from './testing/harness';

let h: Harness;
let ws: string;
let pageId: string;

beforeAll(async () => {
  h = await createHarness();
  ws = await h.seed.workspace({ name: 'Maya Prints' });
  const { id: _id, workspace_id: _ws, ...snapshot } = samplePageSnapshot({ links: 3 });
  pageId = await h.seed.page(ws, h.domains.bioDomainId, 'maya', snapshot);
});
afterAll(async () => {
  await h.close();
});

describe('healthz', () => {
  it('reports Redis and PostgreSQL separately: 200 ok when both answer', async () => {
    const { app, edgeRedis } = h.app();
    await ready(edgeRedis);
    const res = await visit(app, LINK_HOST, '/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', redis: 'up', postgres: 'up', missing: [] });
  });
  it('stays 200 (degraded) with one store down, naming it', async () => {
    const noRedis = await visit(h.app({ redis: unreachableRedis() }).app, LINK_HOST, '/healthz');
    expect(noRedis.status).toBe(200);
    expect(await noRedis.json()).toMatchObject({
      status: 'degraded',
      redis: 'down',
      postgres: 'up',
      missing: ['redis'],
    });
    const edge = h.app({ pg: unreachablePg() });
    await ready(edge.edgeRedis);
    const noPg = await visit(edge.app, LINK_HOST, '/healthz');
    expect(noPg.status).toBe(200);
    expect(await noPg.json()).toMatchObject({
      status: 'degraded',
      redis: 'up',
      postgres: 'down',
      missing: ['postgres'],
    });
  });
});

describe('ACME HTTP-01', () => {
  it('answers a stored challenge token on any host, 404 otherwise', async () => {
    const { app, edgeRedis } = h.app();
    await ready(edgeRedis);
    await h.redis.set(acmeChallengeKey(h.prefix, 'tok_123'), 'tok_123.keyauth');
    const res = await visit(app, 'go.customer.test', '/.well-known/acme-challenge/tok_123');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('tok_123.keyauth');
    expect((await visit(app, 'go.customer.test', '/.well-known/acme-challenge/other')).status).toBe(404);
  });
});

describe('bio host', () => {
  it('renders the published page from PostgreSQL, caches it under page:{host}:{handle}, and captures the view', async () => {
    const { app, edgeRedis, lookup } = h.app();
    await ready(edgeRedis);
    const res = await visit(app, BIO_HOST, '/Maya');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Maya Lin');
    expect(html).toContain('href="/maya/l/lnk001"');
    await waitFor(async () => (await h.redis.exists(pageKey(h.prefix, BIO_HOST, 'maya'))) === 1);
    const queries = lookup.queryCount;
    expect((await visit(app, BIO_HOST, '/maya')).status).toBe(200);
    expect(lookup.queryCount).toBe(queries);
    const events = await waitForEvents((e) => e.event_type === 'page_view' && e.resource_id === pageId);
    expect(events[0]).toMatchObject({ workspace_id: ws, resource_type: 'bio_page' });
  });

  it('302s a bio link through the click hop and captures the click with its block', async () => {
    const { app, edgeRedis } = h.app();
    await ready(edgeRedis);
    const res = await visit(app, BIO_HOST, '/maya/l/lnk002');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/products/item-2?ref=bio');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const events = await waitForEvents((e) => e.event_type === 'click' && e.block_id === 'lnk002');
    expect(events[0]).toMatchObject({ resource_type: 'bio_page', resource_id: pageId });
  });

  it('serves pages from PostgreSQL with Redis down', async () => {
    const { app } = h.app({ redis: unreachableRedis() });
    expect((await visit(app, BIO_HOST, '/maya')).status).toBe(200);
  });

  it('serves a custom bio domain: its root page at / and pages by handle', async () => {
    const domainId = await h.seed.customDomain(ws, 'maya.example', 'bio');
    const { id: _id, workspace_id: _ws, ...snapshot } = samplePageSnapshot({ links: 2 });
    await h.seed.page(ws, domainId, 'shop', { ...snapshot, title: 'Maya custom domain' });
    const { app, edgeRedis } = h.app();
    await ready(edgeRedis);
    const root = await visit(app, 'maya.example', '/');
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('Maya custom domain');
    const byHandle = await visit(app, 'Maya.Example', '/shop');
    expect(byHandle.status).toBe(200);
    expect(await byHandle.text()).toContain('Maya custom domain');
    expect((await visit(app, 'maya.example', '/shop/l/lnk001')).status).toBe(302);
  });

  it('answers a readable 404 for an unknown handle, and the link host root is not a page', async () => {
    const { app } = h.app();
    expect((await visit(app, BIO_HOST, '/nobody')).status).toBe(404);
    const root = await visit(app, LINK_HOST, '/');
    expect(root.status).toBe(404);
    expect(root.headers.get('content-type')).toContain('text/html');
  });
});

async function waitForEvents(match: (e: AnalyticsEvent) => boolean) {
  for (let i = 0; i < 100; i++) {
    const entries = await h.redis.xrange(clicksStreamKey(h.prefix), '-', '+');
    const events = streamEvents(entries).filter(match);
    if (events.length > 0) return events;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('no matching event on the stream');
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition never held');
}
