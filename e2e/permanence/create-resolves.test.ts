// The sync-server's /v1 beside the edge as edge/src/main.ts wires it (hot cache and slug filter).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { startV1Kit, ALL_SCOPES, type V1Kit } from '../../sync-server/src/testing/v1-kit';
import { createEdgeApp } from '../../edge/src/app';
import { createHotCache, type HotCache } from '../../edge/src/lookup/hot-cache';
import { createPgLookup, type PgLookup } from '../../edge/src/lookup/pg-lookup';
import { createSlugFilter, type SlugFilter } from '../../edge/src/lookup/slug-filter';
import { createMetrics } from '../../edge/src/metrics';
import { edgeRedis, ready, sharedGeo, visit } from '../../edge/src/testing/harness';

/**
 * `POST /v1/links` answers once its cache write-through is done (its jobs and pokes go on
 * after the answer), so the new link resolves at the edge the moment the 201 arrives — even where the
 * edge's slug filter, built before the link existed, would otherwise answer "cannot exist".
 */
let kit: V1Kit;
let key: string;
let lookup: PgLookup;
let hot: HotCache;
let filter: SlugFilter;
let app: ReturnType<typeof createEdgeApp>;
const client = edgeRedis();

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
  const prefix = kit.deps.config.REDIS_PREFIX;
  lookup = createPgLookup({ connectionString: kit.database.url, max: 3 });
  await ready(client);
  hot = createHotCache({ url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', prefix });
  await hot.whenActive();
  filter = createSlugFilter({ pg: lookup, hot, prefix, minCapacity: 1000 });
  await filter.whenReady();
  app = createEdgeApp({
    redis: client,
    redisPrefix: prefix,
    pg: lookup,
    hotCache: hot,
    slugFilter: filter,
    linkHost: kit.deps.config.LINK_HOST,
    bioHost: kit.deps.config.BIO_HOST,
    trustedProxies: parseTrustedProxies(''),
    geo: await sharedGeo(),
    capture: false,
    logger: createLogger('edge-test', { level: 'silent' }),
    metrics: createMetrics(),
  });
});
afterAll(async () => {
  filter.close();
  hot.close();
  client.disconnect();
  await lookup.close();
  await kit.stop();
});

describe('a link created through /v1', () => {
  it('resolves at the edge as soon as the 201 arrives, from the cache, past a slug filter built before it', async () => {
    expect(filter.state).toBe('ready');
    const { rows } = await kit.deps.pool.query<{ id: string }>(
      'SELECT id FROM custom_domains WHERE hostname = $1',
      ['lnk.localhost'],
    );
    const domainId = rows[0]?.id ?? '';
    for (const slug of ['spring-sale', 'summer-sale', 'autumn-sale']) {
      expect(filter.mayExist(domainId, 'lnk.localhost', slug)).toBe(false);
      const created = await kit.api('POST', '/v1/links', {
        key,
        body: { destination_url: `https://shop.example.com/${slug}`, slug },
      });
      expect(created.status).toBe(201);
      expect(filter.mayExist(domainId, 'lnk.localhost', slug)).toBe(true);
      const res = await visit(app, 'lnk.localhost', `/${slug}`);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(`https://shop.example.com/${slug}`);
    }
  });

  it('resolves right after a bulk create too, every item of it', async () => {
    const slugs = Array.from({ length: 20 }, (_, i) => `bulk-${i}`);
    const res = await kit.api('POST', '/v1/links/bulk', {
      key,
      body: { links: slugs.map((slug) => ({ destination_url: `https://shop.example.com/${slug}`, slug })) },
    });
    expect(res.status).toBe(200);
    for (const slug of slugs) {
      const visited = await visit(app, 'lnk.localhost', `/${slug}`);
      expect(visited.status).toBe(302);
      expect(visited.headers.get('location')).toBe(`https://shop.example.com/${slug}`);
    }
  });
});
