import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamEvents as eventsOf } from '@linkhub/shared/analytics/event';
import { buildRedirectPayload } from '@linkhub/shared/cache/build-payload';
import { clicksStreamKey, domainHostKey, redirectKey, redirectMissKey } from '@linkhub/shared/cache/keys';
import { refreshRedirect } from '@linkhub/shared/cache/refresh';
import {
  DOMAIN_ROUTE_MISS_TTL_SECONDS,
  writeDomainRoute,
  writeRedirectPayload,
} from '@linkhub/shared/cache/write-through';
import { domainRouteSchema } from '@linkhub/shared/cache/payload';
import { createHarness, LINK_HOST, ready, visit, type Harness } from '../testing/harness';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const LONDON_IP = '81.2.69.142';
// 2026-06-01 is a Monday; 12:00 UTC.
const NOW = new Date('2026-06-01T12:00:00Z');

let h: Harness;
let ws: string;
let edge: ReturnType<Harness['app']>;
const go = (path: string, options?: Parameters<typeof visit>[3]) => visit(edge.app, LINK_HOST, path, options);

beforeAll(async () => {
  h = await createHarness();
  ws = await h.seed.workspace({
    name: 'Acme Coffee',
    time_zone: 'America/New_York',
    holding_page: { message: 'Brewing something new.' },
  });
  edge = h.app({ now: () => NOW });
  await ready(edge.edgeRedis);
  await edge.hotCache?.whenActive();
});
afterAll(async () => {
  await h.close();
});

describe('redirect: states', () => {
  it('302s an active link with Cache-Control: private, no-store, matching the slug case-insensitively', async () => {
    await h.seed.link(ws, h.domains.linkDomainId, 'spring', 'https://example.com/spring');
    const res = await go('/SPRING');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/spring');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it.each([
    ['scheduled', { starts_at: new Date('2026-07-01T00:00:00Z') }, 'not live yet'],
    ['expired', { expires_at: new Date('2026-05-01T00:00:00Z') }, 'has expired'],
    ['paused', { status: 'paused' }, 'is paused'],
    ['archived', { archived_at: new Date('2026-05-01T00:00:00Z') }, 'no longer active'],
    [
      'downgrade-locked',
      { locked: true, locked_at: new Date(), locked_reason: 'plan_downgrade' },
      'unavailable',
    ],
  ])('answers a branded, readable 404 for a %s link', async (state, columns, text) => {
    await h.seed.link(ws, h.domains.linkDomainId, `state-${state}`, 'https://example.com/x', columns);
    const res = await go(`/state-${state}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain(text);
    expect(html).toContain('Acme Coffee');
  });

  it('sends an expired link with an expiry destination there', async () => {
    await h.seed.link(ws, h.domains.linkDomainId, 'expired-to', 'https://example.com/x', {
      expires_at: new Date('2026-05-01T00:00:00Z'),
      expired_destination_url: 'https://example.com/sale-over',
    });
    const res = await go('/expired-to');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/sale-over');
  });

  it('answers the branded 404 for an unknown slug, then serves it from the 60 s negative cache without PostgreSQL', async () => {
    const before = edge.lookup.queryCount;
    const first = await go('/no-such-link');
    expect(first.status).toBe(404);
    expect(await first.text()).toContain('Link not found');
    await waitFor(
      async () => (await h.redis.exists(redirectMissKey(h.prefix, LINK_HOST, 'no-such-link'))) === 1,
    );
    const ttl = await h.redis.ttl(redirectMissKey(h.prefix, LINK_HOST, 'no-such-link'));
    expect(ttl).toBeGreaterThan(50);
    expect(ttl).toBeLessThanOrEqual(60);
    const second = await go('/no-such-link');
    expect(second.status).toBe(404);
    expect(edge.lookup.queryCount - before).toBe(1);
  });

  it('brands the 404 of a custom domain with its workspace', async () => {
    await h.seed.customDomain(ws, 'go.acme.test');
    const res = await visit(edge.app, 'go.acme.test', '/nothing-here');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Acme Coffee');
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

describe('redirect: targeting rules', () => {
  const rules = [
    {
      id: 'r-region',
      conditions: [{ kind: 'region', values: ['GB-SCT'] }],
      destination_url: 'https://example.com/scotland',
    },
    {
      id: 'r-country',
      conditions: [
        { kind: 'country', values: ['GB'] },
        { kind: 'device', values: ['mobile'] },
      ],
      destination_url: 'https://example.com/uk-mobile',
    },
    {
      id: 'r-eng',
      conditions: [{ kind: 'region', values: ['GB-ENG'] }],
      destination_url: 'https://example.com/england',
    },
    {
      id: 'r-os',
      conditions: [{ kind: 'os', values: ['Windows'] }],
      destination_url: 'https://example.com/windows',
    },
    {
      id: 'r-lang',
      conditions: [{ kind: 'language', values: ['fr'] }],
      destination_url: 'https://example.com/fr',
    },
    {
      id: 'r-ref',
      conditions: [{ kind: 'referrer', values: ['instagram.com'] }],
      destination_url: 'https://example.com/ig',
    },
    // 12:00 UTC is 08:00 in New York (the workspace zone).
    {
      id: 'r-time',
      conditions: [{ kind: 'time_window', from: '07:00', to: '09:00' }],
      destination_url: 'https://example.com/morning',
    },
  ];
  beforeAll(async () => {
    await h.seed.link(ws, h.domains.linkDomainId, 'targeted', 'https://example.com/default', { rules });
    await h.seed.link(ws, h.domains.linkDomainId, 'evening', 'https://example.com/default', {
      rules: [
        {
          id: 'r-eve',
          conditions: [{ kind: 'time_window', from: '18:00', to: '23:00' }],
          destination_url: 'https://example.com/evening',
        },
      ],
    });
  });
  const where = async (options: Parameters<typeof visit>[3], slug = 'targeted') =>
    (await go(`/${slug}`, options)).headers.get('location');

  it('country + device type (geo from the socket address)', async () => {
    expect(await where({ ip: LONDON_IP, headers: { 'user-agent': IPHONE } })).toBe(
      'https://example.com/uk-mobile',
    );
  });
  it('region', async () => {
    expect(await where({ ip: LONDON_IP, headers: { 'user-agent': 'curl/8' } })).toBe(
      'https://example.com/england',
    );
  });
  it('OS', async () => {
    expect(await where({ headers: { 'user-agent': WINDOWS } })).toBe('https://example.com/windows');
  });
  it('browser language', async () => {
    expect(await where({ headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' } })).toBe(
      'https://example.com/fr',
    );
  });
  it('referrer host', async () => {
    expect(await where({ headers: { referer: 'https://l.instagram.com/some/path' } })).toBe(
      'https://example.com/ig',
    );
  });
  it('time window in the workspace time zone', async () => {
    expect(await where({})).toBe('https://example.com/morning');
    expect(await where({}, 'evening')).toBe('https://example.com/default');
  });
  it('does not believe X-Forwarded-For from an untrusted peer', async () => {
    expect(
      await where(
        { ip: '203.0.113.7', headers: { 'x-forwarded-for': LONDON_IP, 'user-agent': IPHONE } },
        'evening',
      ),
    ).toBe('https://example.com/default');
    const trusted = await where({
      ip: '127.0.0.1',
      headers: { 'x-forwarded-for': LONDON_IP, 'user-agent': IPHONE },
    });
    expect(trusted).toBe('https://example.com/uk-mobile');
  });
});

describe('redirect: split, experiments, UTM', () => {
  it('splits deterministically: one visitor always gets the same destination, visitors spread by weight', async () => {
    await h.seed.link(ws, h.domains.linkDomainId, 'split', 'https://example.com/default', {
      destinations: [
        { id: 'a', url: 'https://example.com/a', weight: 50 },
        { id: 'b', url: 'https://example.com/b', weight: 50 },
      ],
    });
    const seen = new Set<string | null>();
    for (let i = 0; i < 30; i++) {
      const ip = `198.51.100.${i + 1}`;
      const first = (await go('/split', { ip })).headers.get('location');
      for (let j = 0; j < 3; j++) expect((await go('/split', { ip })).headers.get('location')).toBe(first);
      seen.add(first);
    }
    expect(seen).toEqual(new Set(['https://example.com/a', 'https://example.com/b']));
  });

  it('assigns one experiment variant per visitor and records it on the event', async () => {
    const linkId = await h.seed.link(ws, h.domains.linkDomainId, 'exp', 'https://example.com/default');
    const { variantIds } = await h.seed.experiment(ws, linkId, [
      { key: 'control', weight: 5000, url: 'https://example.com/control' },
      { key: 'treatment', weight: 5000, url: 'https://example.com/treatment' },
    ]);
    const seen = new Set<string | null>();
    for (let i = 0; i < 20; i++) {
      const ip = `192.0.2.${i + 1}`;
      const first = (await go('/exp', { ip })).headers.get('location');
      expect((await go('/exp', { ip })).headers.get('location')).toBe(first);
      seen.add(first);
    }
    expect(seen).toEqual(new Set(['https://example.com/control', 'https://example.com/treatment']));
    const events = await streamEvents();
    const expEvents = events.filter((e) => e.resource_id === linkId);
    expect(expEvents.length).toBeGreaterThan(0);
    for (const e of expEvents) expect(variantIds).toContain(e.variant_id);
  });

  it('merges the link UTMs into the destination and passes the visit query through without duplicates', async () => {
    await h.seed.link(ws, h.domains.linkDomainId, 'utm', 'https://example.com/p?ref=site&utm_source=old', {
      utm: { source: 'newsletter', medium: 'email', campaign: 'june' },
    });
    const res = await go('/utm?gclid=abc&utm_source=visitor&ref=other');
    const url = new URL(res.headers.get('location') ?? '');
    expect(url.origin + url.pathname).toBe('https://example.com/p');
    expect(url.searchParams.getAll('utm_source')).toEqual(['newsletter']);
    expect(url.searchParams.get('utm_medium')).toBe('email');
    expect(url.searchParams.get('utm_campaign')).toBe('june');
    expect(url.searchParams.getAll('ref')).toEqual(['site']);
    expect(url.searchParams.get('gclid')).toBe('abc');
  });
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

  it('writes the host route it read on a miss with a TTL, so a copy read before a domain change cannot outlive it (issue 20)', async () => {
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
});

describe('capture', () => {
  it('puts a click on the stream with a hashed visitor and no raw IP or User-Agent', async () => {
    const linkId = await h.seed.link(ws, h.domains.linkDomainId, 'captured', 'https://example.com/c');
    await go('/captured?utm_source=ig', {
      ip: LONDON_IP,
      headers: { 'user-agent': IPHONE, referer: 'https://www.instagram.com/' },
    });
    const raw = await waitForStream((fields) => fields.some((f) => f.includes(linkId)));
    const [event] = eventsOf([['entry', raw]]).filter((e) => e.resource_id === linkId);
    expect(event).toMatchObject({
      event_type: 'click',
      workspace_id: ws,
      resource_type: 'link',
      resource_id: linkId,
      country_code: 'GB',
      region_code: 'ENG',
      device_type: 'mobile',
      os_family: 'iOS',
      referrer_host: 'www.instagram.com',
      utm_source: 'ig',
      is_bot: false,
    });
    expect(event?.visitor_hash).toMatch(/^[0-9a-f]{32}$/);
    const text = raw.join(' ');
    expect(text).not.toContain(LONDON_IP);
    expect(text).not.toContain('iPhone OS 17_0');
    expect(text).not.toContain('Mozilla');
  });
});

async function streamEvents() {
  await edge.service.capture.flush();
  const entries = await h.redis.xrange(clicksStreamKey(h.prefix), '-', '+');
  return eventsOf(entries);
}

async function waitForStream(match: (fields: string[]) => boolean): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const entries = await h.redis.xrange(clicksStreamKey(h.prefix), '-', '+');
    const found = entries.find(([, fields]) => match(fields));
    if (found) return found[1];
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('event never reached the stream');
}

async function waitFor(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition never held');
}
