import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamEvents as eventsOf } from '@linkhub/shared/analytics/event';
import { clicksStreamKey, linkClicksKey } from '@linkhub/shared/cache/keys';
import { hashLinkPassword } from '@linkhub/shared/server/crypto/link-password';
import { createHarness, LINK_HOST, ready, visit, type Harness } from '../testing/harness';

/** Password pages, click caps, ended links and the preview on the edge (D-615, D-616, D-618). */
const NOW = new Date('2026-06-01T12:00:00Z');
const PASSWORD = 'open sesame';

let h: Harness;
let ws: string;
let edge: ReturnType<Harness['app']>;
let passwordHash: string;

beforeAll(async () => {
  h = await createHarness();
  ws = await h.seed.workspace({ name: 'Acme Coffee' });
  edge = h.app({ now: () => NOW, passwordLimits: { network: { max: 4, windowSeconds: 600 } } });
  await ready(edge.edgeRedis);
  await edge.hotCache?.whenActive();
  passwordHash = await hashLinkPassword(PASSWORD);
});
afterAll(async () => {
  await h.close();
});

const go = (path: string, ip?: string) => visit(edge.app, LINK_HOST, path, ip === undefined ? {} : { ip });

function post(path: string, form: Record<string, string>, ip = '203.0.113.7', host = LINK_HOST) {
  return Promise.resolve(
    edge.app.request(
      `http://${host}${path}`,
      {
        method: 'POST',
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      },
      { incoming: { socket: { remoteAddress: ip } } },
    ),
  );
}

async function clicksOf(linkId: string) {
  await edge.service.capture.flush();
  const entries = await h.redis.xrange(clicksStreamKey(h.prefix), '-', '+');
  return eventsOf(entries).filter((e) => e.resource_id === linkId);
}

describe('password links', () => {
  it('shows a no-JS password page (no-store, nonce CSP, no cookie) and counts nothing before the password', async () => {
    const id = await h.seed.link(ws, h.domains.linkDomainId, 'secret', 'https://example.com/members', {
      password_hash: passwordHash,
    });
    const res = await go('/secret?utm_source=mail');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('set-cookie')).toBeNull();
    // The form's own redirect leaves for the destination: form-action allows web addresses, nothing else.
    expect(res.headers.get('content-security-policy')).toMatch(
      /default-src 'none'.*form-action 'self' https: http:;/,
    );
    const html = await res.text();
    expect(html).toContain('<form class="capture" method="post" action="/secret?utm_source=mail">');
    expect(html).toContain('<label for="password">Password</label>');
    expect(html).toContain('Acme Coffee');
    expect(html).not.toContain('example.com/members');
    expect(html).not.toContain('<script');
    expect(await clicksOf(id)).toHaveLength(0);
  });

  it('re-renders with an error (403) for a wrong password, and answers the redirect itself for the right one', async () => {
    const id = await h.seed.link(ws, h.domains.linkDomainId, 'members', 'https://example.com/members', {
      password_hash: passwordHash,
    });
    const wrong = await post('/members', { password: 'guess' }, '198.51.100.1');
    expect(wrong.status).toBe(403);
    const page = await wrong.text();
    expect(page).toContain('role="alert"');
    expect(page).toContain('aria-invalid="true"');
    expect(await clicksOf(id)).toHaveLength(0);

    const right = await post('/MEMBERS?utm_source=mail', { password: PASSWORD }, '198.51.100.1');
    expect(right.status).toBe(302);
    expect(right.headers.get('location')).toBe('https://example.com/members?utm_source=mail');
    expect(right.headers.get('cache-control')).toBe('private, no-store');
    expect(right.headers.get('set-cookie')).toBeNull();
    expect(await clicksOf(id)).toHaveLength(1);
  });

  it('throttles tries per visitor network (an IPv6 /64 is one network), then even the right password waits', async () => {
    await h.seed.link(ws, h.domains.linkDomainId, 'vault', 'https://example.com/vault', {
      password_hash: passwordHash,
    });
    for (let i = 1; i <= 4; i++) {
      const res = await post('/vault', { password: `wrong-${i}` }, `2001:db8:1:2::${i}`);
      expect(res.status).toBe(403);
    }
    const throttled = await post('/vault', { password: PASSWORD }, '2001:db8:1:2::99');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await throttled.text()).toContain('Too many tries');
    // Another network is not held back by this one.
    const other = await post('/vault', { password: PASSWORD }, '2001:db8:9:9::1');
    expect(other.status).toBe(302);
  });

  it('sends a POST to a link without a password back to its address (303)', async () => {
    await h.seed.link(ws, h.domains.linkDomainId, 'open', 'https://example.com/open');
    const res = await post('/open', { password: 'x' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/open');
  });
});

describe('ended links and click caps', () => {
  it("sends an expired link without its own expired_url to its domain's", async () => {
    const host = 'go.acme.test';
    const domain = await h.seed.customDomain(ws, host);
    await h.sql.query('UPDATE custom_domains SET expired_url = $2 WHERE id = $1', [
      domain,
      'https://acme.test/ended',
    ]);
    await h.seed.link(ws, domain, 'old', 'https://acme.test/sale', {
      expires_at: new Date('2026-05-01T00:00:00Z'),
    });
    const res = await visit(edge.app, host, '/old');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://acme.test/ended');
  });

  it("falls back to the workspace's default after the link's and the domain's", async () => {
    const other = await h.seed.workspace({
      name: 'Beans Ltd',
      holding_page: { expired_url: 'https://beans.test/ended' },
    });
    await h.seed.link(other, h.domains.linkDomainId, 'beans-old', 'https://beans.test/sale', {
      expires_at: new Date('2026-05-01T00:00:00Z'),
    });
    const viaWorkspace = await go('/beans-old');
    expect(viaWorkspace.status).toBe(302);
    expect(viaWorkspace.headers.get('location')).toBe('https://beans.test/ended');
    const host = 'go.beans.test';
    const domain = await h.seed.customDomain(other, host);
    await h.sql.query('UPDATE custom_domains SET expired_url = $2 WHERE id = $1', [
      domain,
      'https://beans.test/domain-ended',
    ]);
    await h.seed.link(other, domain, 'capped', 'https://beans.test/x', { max_clicks: 1, click_count: 1 });
    const viaDomain = await visit(edge.app, host, '/capped');
    expect(viaDomain.headers.get('location')).toBe('https://beans.test/domain-ended');
  });

  it('admits exactly max_clicks visits across two edges under concurrent requests, then the expired_url', async () => {
    const id = await h.seed.link(ws, h.domains.linkDomainId, 'first-ten', 'https://example.com/coupon', {
      max_clicks: 10,
      expired_destination_url: 'https://example.com/sold-out',
    });
    const other = h.app({ now: () => NOW });
    await ready(other.edgeRedis);
    const visits = Array.from({ length: 40 }, (_, i) =>
      visit((i % 2 === 0 ? edge : other).app, LINK_HOST, '/first-ten'),
    );
    const answers = await Promise.all(visits);
    const locations = answers.map((r) => r.headers.get('location'));
    expect(locations.filter((l) => l === 'https://example.com/coupon')).toHaveLength(10);
    expect(locations.filter((l) => l === 'https://example.com/sold-out')).toHaveLength(30);
    expect(await h.redis.get(linkClicksKey(h.prefix, LINK_HOST, id))).toBe('10');
  });

  it('seeds a lost counter from the persisted count, and answers the branded page when no URL is set', async () => {
    const id = await h.seed.link(ws, h.domains.linkDomainId, 'almost', 'https://example.com/a', {
      max_clicks: 3,
      click_count: 2,
    });
    expect((await go('/almost')).status).toBe(302);
    const ended = await go('/almost');
    expect(ended.status).toBe(404);
    expect(await ended.text()).toContain('reached its limit of visits');
    expect(await h.redis.get(linkClicksKey(h.prefix, LINK_HOST, id))).toBe('3');
  });

  it('never gates a QR code pinned to a capped, password link: a printed code keeps resolving', async () => {
    const linkId = await h.seed.link(ws, h.domains.linkDomainId, 'printed', 'https://example.com/menu', {
      max_clicks: 1,
      password_hash: passwordHash,
    });
    await h.sql.query('UPDATE links SET slug = $2 WHERE id = $1', [linkId, 'printed-link']);
    const qr = await h.seed.qr(ws, h.domains.linkDomainId, 'menu-qr', null, { link_id: linkId });
    expect(qr).toBeTruthy();
    for (let i = 0; i < 3; i++) {
      const res = await go('/menu-qr');
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://example.com/menu');
    }
  });
});

describe('preview page (slug+)', () => {
  it('shows the destination with its Unicode host, the QR code and the owner, with no script', async () => {
    await h.seed.link(ws, h.domains.linkDomainId, 'cafe', 'https://xn--caf-dma.example/menu?x=1');
    const res = await go('/cafe+');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    expect(html).toContain('https://café.example/menu?x=1');
    expect(html).toMatch(/<svg role="img" aria-label="QR code for http:\/\/lnk\.localhost\/cafe"/);
    expect(html).toContain('owned by Acme Coffee');
    expect(html).toContain('<a class="btn" href="/cafe">Open the link</a>');
    expect(html).not.toContain('<script');
  });

  it('shows no destination for a password link, and the branded 404 for an unknown slug', async () => {
    await h.seed.link(ws, h.domains.linkDomainId, 'hidden', 'https://example.com/hidden-place', {
      password_hash: passwordHash,
    });
    const html = await (await go('/hidden+')).text();
    expect(html).toContain('protected by a password');
    expect(html).not.toContain('hidden-place');
    const missing = await go('/nobody-here+');
    expect(missing.status).toBe(404);
  });
});

describe("a domain's own answers", () => {
  it('sends a missing slug to its not_found_url and its root to its root_redirect_url', async () => {
    const host = 'links.acme.test';
    const domain = await h.seed.customDomain(ws, host);
    await h.sql.query('UPDATE custom_domains SET not_found_url = $2, root_redirect_url = $3 WHERE id = $1', [
      domain,
      'https://acme.test/missing',
      'https://acme.test/',
    ]);
    const miss = await visit(edge.app, host, '/no-such-slug');
    expect(miss.status).toBe(302);
    expect(miss.headers.get('location')).toBe('https://acme.test/missing');
    const root = await visit(edge.app, host, '/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('https://acme.test/');
  });
});
