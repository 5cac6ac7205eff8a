import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { streamEvents as eventsOf } from '@linkhub/shared/analytics/event';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { BIO_HOST, createHarness, LINK_HOST, ready, visit, type Harness } from '../testing/harness';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const TWITTERBOT = 'Twitterbot/1.0';
const FACEBOOK = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let h: Harness;
let ws: string;
let edge: ReturnType<Harness['app']>;
const go = (path: string, ua: string, host = LINK_HOST) =>
  visit(edge.app, host, path, { headers: { 'user-agent': ua } });

const PREVIEW = {
  title: 'Spring <sale> & "more"',
  description: 'Forty percent off everything until Sunday.',
  image_url: '/_img/0123456789abcdef0123456789abcdef.jpg',
};

beforeAll(async () => {
  h = await createHarness();
  ws = await h.seed.workspace({ name: 'Acme Coffee' });
  edge = h.app();
  await ready(edge.edgeRedis);
  await edge.hotCache?.whenActive();
  await h.seed.link(ws, h.domains.linkDomainId, 'spring', 'https://example.com/spring', {
    social_preview: PREVIEW,
  });
  await h.seed.link(ws, h.domains.linkDomainId, 'plain', 'https://example.com/plain');
  await h.seed.link(ws, h.domains.linkDomainId, 'insta', 'https://www.instagram.com/acme/', {
    ios_url: 'instagram://user?username=acme',
    android_url: 'https://www.instagram.com/_u/acme/',
  });
  await h.seed.link(ws, h.domains.linkDomainId, 'ios-only', 'https://example.com/web', {
    ios_url: 'spotify://album/1',
  });
  // Written around the doors (an old row): the payload never carries a scheme the list refuses.
  await h.seed.link(ws, h.domains.linkDomainId, 'smuggled', 'https://example.com/safe', {
    ios_url: 'javascript:alert(1)',
  });
  await h.seed.link(ws, h.domains.linkDomainId, 'paused-card', 'https://example.com/p', {
    status: 'paused',
    social_preview: PREVIEW,
  });
});
afterAll(async () => {
  await h.close();
});

describe('social cards', () => {
  it.each([
    ['Twitterbot', TWITTERBOT],
    ['facebookexternalhit', FACEBOOK],
    ['Slackbot', SLACKBOT],
  ])('serves %s the card page with og and twitter tags, escaped, under a strict CSP', async (_name, ua) => {
    const res = await go('/spring', ua);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await res.text();
    const title = 'Spring &lt;sale&gt; &amp; &quot;more&quot;';
    expect(html).toContain(`<meta property="og:title" content="${title}">`);
    expect(html).toContain(`<meta name="twitter:title" content="${title}">`);
    expect(html).toContain(
      '<meta property="og:description" content="Forty percent off everything until Sunday.">',
    );
    expect(html).toContain(
      `<meta property="og:image" content="http://${LINK_HOST}/_img/0123456789abcdef0123456789abcdef.jpg">`,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(`<meta property="og:url" content="http://${LINK_HOST}/spring">`);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<sale>');
  });

  it('still redirects a person, a search engine and a crawler of a link without a card', async () => {
    for (const [path, ua] of [
      ['/spring', DESKTOP],
      ['/spring', IPHONE],
      ['/spring', GOOGLEBOT],
      ['/plain', TWITTERBOT],
    ] as const) {
      const res = await go(path, ua);
      expect(res.status, `${path} ${ua}`).toBe(302);
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
    }
  });

  it('gives a paused link its usual answer, card or not', async () => {
    const res = await go('/paused-card', TWITTERBOT);
    expect(res.status).toBe(404);
  });

  it("counts the crawler's card fetch once, flagged as a bot", async () => {
    const linkId = String((await h.seed.one(`SELECT id FROM links WHERE slug = 'spring'`)).id);
    const before = (await events()).filter((e) => e.resource_id === linkId).length;
    await go('/spring', TWITTERBOT);
    const after = (await events()).filter((e) => e.resource_id === linkId);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.is_bot).toBe(true);
  });
});

describe('deep links', () => {
  it('gives an iPhone the page that opens the app, with both plain links and a nonce script', async () => {
    const res = await go('/insta', IPHONE);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    const html = await res.text();
    expect(html).toContain('href="instagram://user?username=acme">Open in the app</a>');
    expect(html).toContain('href="https://www.instagram.com/acme/">Continue on the web</a>');
    expect(html).toContain(`<script nonce="${nonce}">`);
  });

  it('gives Android its own app link, and a desktop the 302', async () => {
    const android = await go('/insta', ANDROID);
    expect(android.status).toBe(200);
    expect(await android.text()).toContain('href="https://www.instagram.com/_u/acme/">Open in the app</a>');
    const desktop = await go('/insta', DESKTOP);
    expect(desktop.status).toBe(302);
    expect(desktop.headers.get('location')).toBe('https://www.instagram.com/acme/');
  });

  it('redirects the platform without an app link, and never serves a refused scheme', async () => {
    expect((await go('/ios-only', ANDROID)).status).toBe(302);
    expect((await go('/ios-only', IPHONE)).status).toBe(200);
    const smuggled = await go('/smuggled', IPHONE);
    expect(smuggled.status).toBe(302);
    expect(smuggled.headers.get('location')).toBe('https://example.com/safe');
  });

  it('counts the deep-link visit once', async () => {
    const linkId = String((await h.seed.one(`SELECT id FROM links WHERE slug = 'ios-only'`)).id);
    const before = (await events()).filter((e) => e.resource_id === linkId).length;
    await go('/ios-only', IPHONE);
    const after = (await events()).filter((e) => e.resource_id === linkId);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)?.is_bot).toBe(false);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('keeps search engines off the link host but lets the card crawlers in', async () => {
    const res = await go('/robots.txt', DESKTOP);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('User-agent: Twitterbot\n');
    expect(text).toContain('User-agent: facebookexternalhit\n');
    expect(text).toMatch(/User-agent: Viber\nAllow: \/\n\nUser-agent: \*\nDisallow: \/\n$/);
    expect((await go('/sitemap.xml', DESKTOP)).status).toBe(404);
  });

  it('opens the bio host and lists its published pages (not drafts) in its sitemap', async () => {
    await h.seed.page(ws, h.domains.bioDomainId, 'maya', { page: {}, blocks: [] });
    await h.seed.page(ws, h.domains.bioDomainId, 'noor.studio', { page: {}, blocks: [] });
    await h.sql.query(
      `INSERT INTO bio_pages (workspace_id, domain_id, handle, title) VALUES ($1, $2, 'draft-only', 'Draft')`,
      [ws, h.domains.bioDomainId],
    );
    const robots = await go('/robots.txt', DESKTOP, BIO_HOST);
    expect(await robots.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: http://${BIO_HOST}/sitemap.xml\n`);
    const sitemap = await go('/sitemap.xml', DESKTOP, BIO_HOST);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>http://${BIO_HOST}/maya</loc>`);
    expect(xml).toContain(`<loc>http://${BIO_HOST}/noor.studio</loc>`);
    expect(xml).not.toContain('draft-only');
    expect(xml).not.toContain(`<loc>http://${BIO_HOST}/</loc>`);
  });

  it("lists a custom domain's pages and its root, and treats an unknown host as a link host", async () => {
    const domain = await h.seed.one(
      `INSERT INTO custom_domains (hostname, workspace_id, is_system, purpose, status, verification_method, verified_at, tls_status)
       VALUES ('links.acme.example', $1, false, 'all', 'verified', 'dns_txt', now(), 'issued') RETURNING id`,
      [ws],
    );
    await h.seed.page(ws, String(domain.id), 'home', { page: {}, blocks: [] });
    const robots = await go('/robots.txt', DESKTOP, 'links.acme.example');
    expect(await robots.text()).toContain('Sitemap: https://links.acme.example/sitemap.xml');
    const xml = await (await go('/sitemap.xml', DESKTOP, 'links.acme.example')).text();
    expect(xml).toContain('<loc>https://links.acme.example/</loc>');
    expect(xml).toContain('<loc>https://links.acme.example/home</loc>');
    const unknown = await go('/robots.txt', DESKTOP, 'nobody.example');
    expect(await unknown.text()).toContain('User-agent: *\nDisallow: /\n');
  });
});

async function events() {
  await edge.service.capture.flush();
  return eventsOf(await h.redis.xrange(clicksStreamKey(h.prefix), '-', '+'));
}
