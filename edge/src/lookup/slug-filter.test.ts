import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshRedirect } from '@linkhub/shared/server/cache/refresh';
import {
  createHarness,
  LINK_HOST,
  ready,
  REDIS_URL,
  unreachablePg,
  visit,
  type Harness,
} from '../testing/harness';
import { createHotCache, type HotCache } from './hot-cache';
import { createPgLookup, type PgLookup } from './pg-lookup';
import { createSlugFilter, type SlugFilter } from './slug-filter';

let h: Harness;
let ws: string;
let lookup: PgLookup;
let hot: HotCache;
let filter: SlugFilter;
const closers: Array<() => unknown> = [];

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition never held');
}

/** A slug no row holds: absent from the filter unless it is one of its ~1 % false positives, so several are tried. */
function someAbsent(f: SlugFilter, domainId: string, host: string, tag: string): boolean {
  return Array.from({ length: 8 }, (_, i) => f.mayExist(domainId, host, `${tag}-${i}`)).includes(false);
}

const linkDomain = () => h.domains.linkDomainId;

beforeAll(async () => {
  h = await createHarness();
  ws = await h.seed.workspace({ name: 'Acme' });
  // Rows from every source, before the filter is built (pages of 3, so every table spans pages).
  for (let i = 0; i < 10; i += 1) await h.seed.link(ws, linkDomain(), `link-${i}`, 'https://example.com/l');
  await h.seed.link(ws, linkDomain(), 'gone', 'https://example.com/g', { deleted_at: new Date() });
  await h.seed.link(ws, linkDomain(), 'ünïcødé-☕', 'https://example.com/u');
  for (let i = 0; i < 5; i += 1) await h.seed.qr(ws, linkDomain(), `qr-${i}`, 'https://example.com/q');
  const retired = await h.seed.qr(ws, linkDomain(), 'qr-retired', 'https://example.com/q');
  await h.sql.query('UPDATE qr_codes SET deleted_at = now() WHERE id = $1', [retired]);
  lookup = createPgLookup({ connectionString: h.db.url, max: 2 });
  hot = createHotCache({ url: REDIS_URL, prefix: h.prefix });
  filter = createSlugFilter({ pg: lookup, hot, prefix: h.prefix, pageSize: 3, minCapacity: 1000 });
  closers.push(
    () => filter.close(),
    () => hot.close(),
    () => lookup.close(),
  );
  await filter.whenReady();
});
afterAll(async () => {
  for (const close of closers) await close();
  await h.close();
});

describe('slug filter: never "absent" for a slug a row holds', () => {
  it('holds every link (deleted ones too), QR code and QR reservation read at build', async () => {
    const { rows } = await h.sql.query<{ host: string; slug: string; domain_id: string }>(`
      SELECT d.hostname AS host, t.slug, t.domain_id FROM (
        SELECT domain_id, slug FROM links UNION ALL SELECT domain_id, slug FROM qr_codes UNION ALL SELECT domain_id, slug FROM qr_slug_reservations
      ) t JOIN custom_domains d ON d.id = t.domain_id`);
    expect(rows.length).toBeGreaterThanOrEqual(12 + 6 + 6);
    for (const row of rows)
      expect(filter.mayExist(row.domain_id, row.host, row.slug), `${row.host}/${row.slug}`).toBe(true);
    const reserved = await h.sql.query<{ slug: string }>(
      'SELECT slug FROM qr_slug_reservations WHERE domain_id = $1',
      [linkDomain()],
    );
    expect(reserved.rows.map((r) => r.slug).sort()).toEqual([
      'qr-0',
      'qr-1',
      'qr-2',
      'qr-3',
      'qr-4',
      'qr-retired',
    ]);
  });

  it('says absent for slugs no row holds on a covered domain', () => {
    expect(filter.state).toBe('ready');
    expect(someAbsent(filter, linkDomain(), LINK_HOST, 'nothing-here')).toBe(true);
  });

  it('says maybe for a domain it does not cover (one verified after the build)', async () => {
    const later = await h.seed.customDomain(ws, 'later.example.com');
    expect(filter.mayExist(later, 'later.example.com', 'anything')).toBe(true);
  });

  it('adds a slug written through after the build (the invalidation of its key), QR codes included', async () => {
    await h.seed.link(ws, linkDomain(), 'fresh-link', 'https://example.com/f');
    await h.seed.qr(ws, linkDomain(), 'fresh-qr', 'https://example.com/q');
    const io = { sql: h.sql, redis: h.redis, prefix: h.prefix };
    await refreshRedirect(io, LINK_HOST, 'fresh-link');
    await refreshRedirect(io, LINK_HOST, 'fresh-qr');
    await until(
      () =>
        filter.mayExist(linkDomain(), LINK_HOST, 'fresh-link') &&
        filter.mayExist(linkDomain(), LINK_HOST, 'fresh-qr'),
    );
  });

  it('says maybe for everything while tracking is down, and is built again when it is back', async () => {
    const id = hot.trackingClientId;
    expect(id).not.toBeNull();
    const builds = filter.stats.builds;
    await h.redis.call('CLIENT', 'KILL', 'ID', String(id));
    await until(() => filter.state !== 'ready');
    expect(filter.mayExist(linkDomain(), LINK_HOST, 'nothing-here-0')).toBe(true);
    await filter.whenReady();
    expect(filter.stats.builds).toBe(builds + 1);
    expect(filter.mayExist(linkDomain(), LINK_HOST, 'fresh-link')).toBe(true);
  });
});

describe('slug filter: when PostgreSQL is down at start', () => {
  it('stays "maybe" for everything (it could not be built)', async () => {
    const down = unreachablePg();
    const otherHot = createHotCache({ url: REDIS_URL, prefix: h.prefix });
    const blind = createSlugFilter({ pg: down, hot: otherHot, prefix: h.prefix });
    closers.push(
      () => blind.close(),
      () => otherHot.close(),
      () => down.close(),
    );
    await otherHot.whenActive();
    await new Promise((r) => setTimeout(r, 500));
    expect(blind.state).toBe('building');
    expect(blind.mayExist(linkDomain(), LINK_HOST, 'nothing-here-0')).toBe(true);
  });
});

describe('redirect with the filter', () => {
  it('answers a slug that cannot exist with the branded 404 and no query; a QR slug still takes its fallback chain', async () => {
    const edge = h.app({ slugFilter: filter, hotCache: hot });
    await ready(edge.edgeRedis);
    // the domain route comes from the cache (the first miss on a host writes it through)
    expect((await visit(edge.app, LINK_HOST, '/warm-the-domain')).status).toBe(404);
    await until(() => edge.metrics.dbLookups === 1);
    const before = edge.lookup.queryCount;
    for (let i = 0; i < 20; i += 1) {
      const res = await visit(edge.app, LINK_HOST, `/never-${i}`);
      expect(res.status).toBe(404);
    }
    const absent = edge.metrics.filterAbsent;
    expect(absent).toBeGreaterThanOrEqual(15);
    expect(edge.lookup.queryCount - before).toBe(20 - absent);
    // A QR code whose cached payload is gone: found in PostgreSQL, never a 404.
    const res = await visit(edge.app, LINK_HOST, '/qr-retired');
    expect(res.status).not.toBe(404);
    expect(res.status).toBeLessThan(500);
  });
});
