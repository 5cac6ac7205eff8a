import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { samplePageSnapshot } from '@linkhub/shared/blocks/sample-page';
import { pageSnapshotSchema, type PageSnapshot } from '@linkhub/shared/blocks/snapshot';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { mintClickId } from '@linkhub/shared/server/experiments/click-id';
import { devClickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import type { SubscribeResult } from '../leads/lead-capture';
import {
  createBioPageRoutes,
  type BioClick,
  type BioPageDeps,
  type BioPageView,
  type BioSubscription,
  type PageSnapshotSource,
} from './bio-page';

const HOST = 'bio.localhost';
const silent = createLogger('test', { level: 'silent' });

/** An in-memory snapshot source keyed like the real one (host + handle), recording its lookups. */
function memorySource(
  pages: PageSnapshot[],
  root?: PageSnapshot,
): PageSnapshotSource & { lookups: string[] } {
  const lookups: string[] = [];
  const source: PageSnapshotSource & { lookups: string[] } = {
    lookups,
    getPublished: async (host, handle) => {
      lookups.push(`${host}/${handle}`);
      return pages.find((p) => host === HOST && p.handle === handle) ?? null;
    },
  };
  if (root !== undefined) source.getRoot = async (host) => (host === 'acme.example' ? root : null);
  return source;
}

const maya = samplePageSnapshot({
  links: 20,
  extra: [
    { id: 'hdr002', type: 'header', data: { text: 'Watch' } },
    { id: 'emb001', type: 'embed', data: { url: 'https://youtu.be/dQw4w9WgXcQ' } },
    { id: 'cap001', type: 'email_capture', data: { title: 'Newsletter', button_label: 'Join' } },
  ],
});
const plain = pageSnapshotSchema.parse({
  id: 'p2',
  workspace_id: 'w2',
  handle: 'tom',
  title: 'Tom’s bakery',
  blocks: [{ id: 'l1', type: 'link', data: { title: 'Menu', url: 'https://bakery.example/menu' } }],
});

function setup(extra: Partial<BioPageDeps> = {}) {
  const views: BioPageView[] = [];
  const clicks: BioClick[] = [];
  const source = memorySource([maya, plain], plain);
  const app = createBioPageRoutes({
    pages: source,
    onPageView: (v) => void views.push(v),
    onClick: (c) => void clicks.push(c),
    logger: silent,
    ...extra,
  });
  const get = (path: string, host = HOST) => app.request(path, { headers: { host } });
  return { app, views, clicks, source, get };
}

function nonceOf(csp: string | null): string {
  const match = /style-src 'nonce-([^']+)'/.exec(csp ?? '');
  return match?.[1] ?? '';
}

describe('GET /{handle}', () => {
  it('renders the published page as HTML with a strict nonce CSP and public caching', async () => {
    const { get, views } = setup();
    const res = await get('/maya');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=300',
    );
    const csp = res.headers.get('content-security-policy') ?? '';
    const nonce = nonceOf(csp);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp).toBe(
      `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self' https: data:; font-src 'self'; script-src 'nonce-${nonce}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'; ` +
        "frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://open.spotify.com https://w.soundcloud.com; connect-src 'self'",
    );
    const html = await res.text();
    expect(html).toContain(`<style nonce="${nonce}">`);
    expect(html).toContain(`<script type="module" nonce="${nonce}">`);
    expect(html).toContain('<h1>Maya Lin — illustration &amp; prints</h1>');
    expect(html).toContain('<a class="btn" href="/maya/l/lnk001">');
    expect(views.map((v) => [v.host, v.page.id])).toEqual([[HOST, maya.id]]);
  });

  it('uses a new nonce on every response and frames nothing on a page without embeds', async () => {
    const { get } = setup();
    const a = await get('/tom');
    const b = await get('/tom');
    expect(nonceOf(a.headers.get('content-security-policy'))).not.toBe(
      nonceOf(b.headers.get('content-security-policy')),
    );
    expect(a.headers.get('content-security-policy')).not.toContain('frame-src');
    expect(a.headers.get('content-security-policy')).toContain("connect-src 'self'");
    expect(await a.text()).not.toContain('<script');
  });

  it('answers HEAD with the headers but counts no page view', async () => {
    const { app, views } = setup();
    const res = await app.request('/maya', { method: 'HEAD', headers: { host: HOST } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain('style-src');
    expect(await res.text()).toBe('');
    expect(views).toHaveLength(0);
  });

  it('matches handles case-insensitively and hosts by their canonical form', async () => {
    const { get, source } = setup();
    expect((await get('/Maya', 'BIO.localhost:8787')).status).toBe(200);
    expect(source.lookups).toEqual(['bio.localhost/maya']);
  });

  it('serves the page with a slash typed after it, at @handle and with tags, naming /maya its one address', async () => {
    const { get, source } = setup();
    for (const path of ['/maya/', '/@Maya', '/maya?utm_source=ig&fbclid=x']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<link rel="canonical" href="http://bio.localhost/maya">');
    }
    expect(source.lookups).toEqual(['bio.localhost/maya', 'bio.localhost/maya', 'bio.localhost/maya']);
  });

  it('answers a readable branded 404 for a missing or unpublished page, without a page view', async () => {
    const { get, views, source } = setup();
    for (const path of ['/nobody', '/%3Cscript%3E', '/.hidden']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const html = await res.text();
      expect(html).toContain('<h1>Page not found</h1>');
      expect(html).toContain('There is no published page at this address.');
      expect(html).not.toContain('<script');
    }
    expect(views).toHaveLength(0);
    expect(source.lookups).toEqual(['bio.localhost/nobody']); // invalid handles never reach the source
  });

  it('serves a custom domain root from the source, and 404s an unknown domain root', async () => {
    const { get } = setup();
    const res = await get('/', 'acme.example');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<a class="btn" href="/tom/l/l1">Menu</a>');
    expect(html).toContain('<link rel="canonical" href="https://acme.example/">');
    expect((await get('/', 'other.example')).status).toBe(404);
  });

  it('answers 503 with a readable page when the snapshot store fails', async () => {
    const { get } = setup({
      pages: { getPublished: () => Promise.reject(new Error('redis and postgres down')) },
    });
    const res = await get('/maya');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('Temporarily unavailable');
  });

  it('still renders when page-view capture throws or rejects', async () => {
    for (const onPageView of [
      () => {
        throw new Error('boom');
      },
      () => Promise.reject(new Error('boom')),
    ]) {
      const { get } = setup({ onPageView });
      expect((await get('/maya')).status).toBe(200);
    }
  });
});

describe('GET /{handle}/l/{blockId}: the click hop', () => {
  it('302s to the link block’s destination, uncached, and captures the click', async () => {
    const { get, clicks } = setup();
    const res = await get('/maya/l/lnk007');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/products/item-7?ref=bio');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(clicks.map((c) => [c.host, c.page.id, c.block.id, c.index, c.destination])).toEqual([
      [HOST, maya.id, 'lnk007', 0, 'https://example.com/products/item-7?ref=bio'],
    ]);
  });

  it('sends each social icon to its own network, and an embed facade to the provider page', async () => {
    const { get } = setup();
    expect((await get('/maya/l/soc001/2')).headers.get('location')).toBe('https://youtube.com/@maya');
    expect((await get('/maya/l/soc001/4')).headers.get('location')).toBe('mailto:hello@example.com');
    expect((await get('/maya/l/emb001')).headers.get('location')).toBe(
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
  });

  it('404s unknown blocks, blocks that link nowhere, out-of-range icons and other pages’ blocks', async () => {
    const { get, clicks } = setup();
    for (const path of [
      '/maya/l/nope',
      '/maya/l/hdr001',
      '/maya/l/soc001/5',
      '/maya/l/soc001/x',
      '/tom/l/lnk001',
      '/nobody/l/lnk001',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Page not found');
    }
    expect(clicks).toHaveLength(0);
  });

  it('302s a block link saved raw before the door normalised with a percent-encoded Location', async () => {
    const legacy = pageSnapshotSchema.parse({
      id: 'p3',
      workspace_id: 'w3',
      handle: 'kyoto',
      title: 'Kyoto',
      blocks: [
        { id: 'l1', type: 'link', data: { title: 'Tokyo', url: 'https://ja.wikipedia.org/wiki/東京' } },
      ],
    });
    const app = createBioPageRoutes({ pages: memorySource([legacy]), logger: silent });
    const res = await app.request('/kyoto/l/l1', { headers: { host: HOST } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC');
  });

  it('still redirects when click capture fails', async () => {
    const { get } = setup({ onClick: () => Promise.reject(new Error('stream down')) });
    const res = await get('/maya/l/lnk001');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://example.com/products/item-1?ref=bio');
  });
});

describe('POST /{handle}/subscribe', () => {
  const post = (
    app: ReturnType<typeof setup>['app'],
    body: Record<string, string>,
    headers: Record<string, string> = {},
  ) =>
    app.request('/maya/subscribe', {
      method: 'POST',
      headers: { host: HOST, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(body).toString(),
    });
  const accepted = (outcome: 'pending' | 'subscribed') => async (): Promise<SubscribeResult> => ({
    kind: 'accepted',
    outcome,
  });
  const JSON_ACCEPT = { accept: 'application/json' };

  it('says plainly that nothing was saved while sign-ups are not wired', async () => {
    const { app } = setup();
    const res = await post(app, { block_id: 'cap001', email: 'fan@example.com', consent: 'yes' });
    expect(res.status).toBe(503);
    const html = await res.text();
    expect(html).toContain('Sign-ups are not open yet');
    expect(html).toContain('Nothing was saved.');
    expect(html).toContain('href="/maya"');
  });

  it('hands a valid sign-up to onSubscribe and answers a plain form with 303 back to the page and its status', async () => {
    const subs: BioSubscription[] = [];
    const { app, get } = setup({
      onSubscribe: async (s) => (subs.push(s), { kind: 'accepted', outcome: 'pending' }),
    });
    const res = await post(app, { block_id: 'cap001', email: '  Fan@Example.com ', consent: 'yes' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/maya?subscribe=pending&block=cap001#b-cap001-s');
    expect(subs.map((s) => [s.page.id, s.block.id, s.email])).toEqual([
      [maya.id, 'cap001', 'fan@example.com'],
    ]);
    const back = await get('/maya?subscribe=pending&block=cap001');
    expect(back.headers.get('cache-control')).toBe('private, no-store');
    expect(await back.text()).toContain('Check your inbox to confirm your sign-up.');
  });

  it('carries an A/B test click id from the page address into its sign-up forms and on to onSubscribe (D-321)', async () => {
    const clickId = mintClickId(devClickIdKeyring(), {
      experimentId: '0190f1f0-0000-7000-8000-000000000001',
      armPeriod: 1,
      variantId: '0190f1f0-0000-7000-8000-000000000002',
      at: new Date(),
      visitorKey: '0123456789abcdef',
    });
    // The same exposure signed with a key LinkHub does not hold: never carried into the form.
    const forged = mintClickId(
      { current: { id: 'dev', secret: Buffer.from('x'.repeat(40)) }, previous: [] },
      {
        experimentId: '0190f1f0-0000-7000-8000-000000000001',
        armPeriod: 1,
        variantId: '0190f1f0-0000-7000-8000-000000000002',
        at: new Date(),
        visitorKey: '0123456789abcdef',
      },
    );
    const subs: BioSubscription[] = [];
    const { app, get } = setup({
      onSubscribe: async (s) => (subs.push(s), { kind: 'accepted', outcome: 'subscribed' }),
      clickIdKeys: devClickIdKeyring(),
    });
    const page = await get(`/maya?lh_click=${clickId}`);
    // One visitor's click id in the HTML: no shared cache may keep it.
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toContain(`<input type="hidden" name="lh_click" value="${clickId}">`);
    for (const bad of ['%22%3E%3Cscript%3Ex', forged]) {
      const junk = await get(`/maya?lh_click=${bad}`);
      expect(junk.headers.get('cache-control')).not.toBe('private, no-store');
      expect(await junk.text()).not.toContain('name="lh_click"');
    }
    await post(app, { block_id: 'cap001', email: 'a@example.com', consent: 'yes', lh_click: clickId });
    await post(app, { block_id: 'cap001', email: 'b@example.com', consent: 'yes', lh_click: forged });
    await post(app, { block_id: 'cap001', email: 'c@example.com', consent: 'yes' });
    expect(subs.map((s) => [s.email, s.clickId])).toEqual([
      ['a@example.com', clickId],
      ['b@example.com', null],
      ['c@example.com', null],
    ]);
  });

  it('answers the in-place script with JSON', async () => {
    const { app } = setup({ onSubscribe: accepted('subscribed') });
    const res = await post(
      app,
      { block_id: 'cap001', email: 'fan@example.com', consent: 'yes' },
      JSON_ACCEPT,
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: { status: 'subscribed', message: 'You are subscribed. Thank you!' },
    });
  });

  it('refuses a bad address, a missing consent or an unknown form and saves nothing', async () => {
    const subs: BioSubscription[] = [];
    const { app } = setup({
      onSubscribe: async (s) => (subs.push(s), { kind: 'accepted', outcome: 'subscribed' }),
    });
    const bad = await post(app, { block_id: 'cap001', email: 'not-an-email', consent: 'yes' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Check your email address');
    // No mail can reach more than 64 characters before the @ (RFC 5321): refused, not promised a confirmation.
    const tooLong = await post(app, {
      block_id: 'cap001',
      email: `${'a'.repeat(65)}@example.com`,
      consent: 'yes',
    });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain('Check your email address');
    const noConsent = await post(app, { block_id: 'cap001', email: 'fan@example.com' }, JSON_ACCEPT);
    expect(noConsent.status).toBe(400);
    const envelope = z
      .object({
        error: z.object({
          code: z.string(),
          message: z.string(),
          details: z.array(z.object({ field: z.string() })),
          request_id: z.string(),
        }),
      })
      .parse(await noConsent.json());
    expect(envelope.error.code).toBe('validation_failed');
    expect(envelope.error.details.map((d) => d.field)).toEqual(['consent']);
    expect((await post(app, { block_id: 'lnk001', email: 'fan@example.com', consent: 'yes' })).status).toBe(
      404,
    );
    expect((await post(app, { block_id: 'cap001', email: 'x'.repeat(9000), consent: 'yes' })).status).toBe(
      400,
    );
    expect(subs).toHaveLength(0);
  });

  it('thanks a bot that filled the honeypot and keeps nothing', async () => {
    const subs: BioSubscription[] = [];
    const { app } = setup({
      onSubscribe: async (s) => (subs.push(s), { kind: 'accepted', outcome: 'subscribed' }),
    });
    const res = await post(app, {
      block_id: 'cap001',
      email: 'bot@example.com',
      consent: 'yes',
      website: 'https://spam.example',
    });
    expect(res.status).toBe(303);
    expect(subs).toHaveLength(0);
  });

  it('says "try again in a minute" with Retry-After when the queue is unreachable, and 429 when throttled', async () => {
    const down = setup({ onSubscribe: async () => ({ kind: 'unavailable', retryAfterSeconds: 60 }) });
    const res = await post(down.app, { block_id: 'cap001', email: 'fan@example.com', consent: 'yes' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(await res.text()).toContain('try again in a minute');
    const busy = setup({ onSubscribe: async () => ({ kind: 'throttled', retryAfterSeconds: 321 }) });
    const limited = await post(
      busy.app,
      { block_id: 'cap001', email: 'fan@example.com', consent: 'yes' },
      JSON_ACCEPT,
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('321');
  });
});
