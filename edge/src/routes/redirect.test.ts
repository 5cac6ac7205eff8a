import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamEvents as eventsOf } from '@linkhub/shared/analytics/event';
import { clicksStreamKey, redirectMissKey } from '@linkhub/shared/cache/keys';
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
