import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { samplePageSnapshot } from '@linkhub/shared/blocks/sample-page';
import type { PageSnapshot } from '@linkhub/shared/blocks/snapshot';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { createBioPageRoutes, type BioClick } from '../../edge/src/routes/bio-page';

/**
 * A real browser against the bio page route served on a loopback port: the page renders and
 * navigates with JavaScript off, works under its own CSP with JavaScript on, and passes axe.
 */
const CHROMIUM = '/usr/bin/chromium';
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg==',
  'base64',
);

let destination: Server;
let destinationBase = '';
let edge: ServerType;
let edgeBase = '';
let browser: Browser;
const clicks: BioClick[] = [];

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  // The destination: a tiny site that says which path it was asked for.
  destination = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="en"><title>Destination</title><h1>Arrived at ${req.url ?? ''}</h1></html>`,
    );
  });
  destinationBase = `http://127.0.0.1:${await listen(destination)}`;

  const maya = samplePageSnapshot({ links: 20, destination: (i) => `${destinationBase}/item-${i + 1}` });
  const everything: PageSnapshot = {
    ...samplePageSnapshot({
      links: 2,
      destination: (i) => `${destinationBase}/all-${i + 1}`,
      extra: [
        {
          id: 'img001',
          type: 'image',
          data: { url: '/assets/dot.png', alt: 'A small dot', width: 320, height: 320 },
        },
        { id: 'div001', type: 'divider' },
        { id: 'emb001', type: 'embed', data: { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
        {
          id: 'emb002',
          type: 'embed',
          data: { url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' },
        },
        {
          id: 'cap001',
          type: 'email_capture',
          data: { title: 'Get new prints first', button_label: 'Sign me up' },
        },
      ],
    }),
    handle: 'everything',
  };
  // A theme its owner got wrong (dark grey text on black, soft buttons): the renderer must still be readable.
  const murky: PageSnapshot = {
    ...everything,
    handle: 'murky',
    theme: {
      ...everything.theme,
      background: '#111111',
      text: '#333333',
      accent: '#222222',
      button_style: 'soft',
    },
  };
  const pages = new Map([maya, everything, murky].map((p) => [p.handle, p]));
  const bio = createBioPageRoutes({
    pages: { getPublished: async (_host, handle) => pages.get(handle) ?? null },
    onClick: (click) => void clicks.push(click),
    logger: createLogger('e2e', { level: 'silent' }),
  });
  bio.get('/assets/dot.png', (c) => c.body(PNG_1X1, 200, { 'content-type': 'image/png' }));
  await new Promise<void>((resolve) => {
    edge = serve({ fetch: bio.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      edgeBase = `http://127.0.0.1:${info.port}`;
      resolve();
    });
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => edge?.close(resolve));
  await new Promise((resolve) => destination?.close(resolve));
});

const axeSummary = z.object({
  passed: z.number(),
  violations: z.array(
    z.object({ id: z.string(), impact: z.string().nullable(), help: z.string(), nodes: z.number() }),
  ),
});

/** Every request the page makes, so a test can assert nothing left loopback. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (req) => urls.push(req.url()));
  return urls;
}

describe('bio page in Chromium with JavaScript disabled', () => {
  it('renders all 20 links and navigates through the /l/ hop to the destination', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const requests = recordRequests(page);
    const res = await page.goto(`${edgeBase}/maya`);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-security-policy']).toContain("default-src 'none'");
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Maya Lin — illustration & prints',
    );
    const links = page.locator('main a.btn');
    expect(await links.count()).toBe(20);
    expect(await page.getByRole('link', { name: 'Instagram' }).getAttribute('href')).toBe('/maya/l/soc001/0');
    expect(requests.every((url) => url.startsWith(edgeBase))).toBe(true);

    const before = clicks.length;
    await page.getByRole('link', { name: 'Product drop #7: limited edition print' }).click();
    await page.waitForURL(`${destinationBase}/item-7`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Arrived at /item-7');
    expect(requests).toContain(`${edgeBase}/maya/l/lnk007`);
    expect(clicks.slice(before).map((c) => c.block.id)).toEqual(['lnk007']);
    await context.close();
  }, 60_000);

  it('shows embeds as plain links and the sign-up as a plain form, loading nothing third-party', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const requests = recordRequests(page);
    await page.goto(`${edgeBase}/everything`);
    expect(await page.getByRole('link', { name: 'Play on YouTube' }).getAttribute('href')).toBe(
      '/everything/l/emb001',
    );
    expect(await page.locator('iframe').count()).toBe(0);
    expect(await page.locator('form[method="post"][action="/everything/subscribe"]').count()).toBe(1);
    expect(await page.getByRole('img', { name: 'A small dot' }).isVisible()).toBe(true);
    expect(requests.every((url) => url.startsWith(edgeBase))).toBe(true);

    // The sign-up form posts without JavaScript and gets an honest answer (this server stores no leads;
    // e2e/leads drives the real store). The consent box must be ticked first.
    await page.getByLabel('Email address').fill('fan@example.com');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Sign me up' }).click();
    await page.waitForURL(`${edgeBase}/everything/subscribe`);
    await expect(page.locator('h1').textContent()).resolves.toBe('Sign-ups are not open yet');
    await expect(page.locator('main').textContent()).resolves.toContain('Nothing was saved.');
    await context.close();
  }, 60_000);
});

describe('bio page on a phone-sized screen', () => {
  it('fits a 360 px wide screen without sideways scrolling, with tap targets at least 48 px tall', async () => {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await page.route('https://**', (route) => route.abort());
    await page.goto(`${edgeBase}/everything`);
    const overflow = await page.evaluate(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBe(0);
    for (const target of await page.locator('main a, main button').all()) {
      const box = await target.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
    }
    await context.close();
  }, 60_000);
});

describe('bio page in Chromium with JavaScript enabled, under its own CSP', () => {
  it('applies the nonce’d stylesheet, reports no CSP violation, and loads a player only after a click', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.route('https://**', (route) => route.abort());
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.text().includes('Content Security Policy')) violations.push(msg.text());
    });
    await page.goto(`${edgeBase}/everything`);
    // Browser-side code is passed as source text: the repo's TypeScript has no DOM lib.
    const background = await page.evaluate('getComputedStyle(document.body).backgroundColor');
    expect(background).toBe('rgb(253, 246, 236)'); // the theme's #fdf6ec: the inline style ran under the CSP
    expect(await page.locator('iframe').count()).toBe(0);
    await page.getByRole('link', { name: 'Play on YouTube' }).click();
    const frame = page.locator('iframe[title="YouTube video"]');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1',
    );
    expect(page.url()).toBe(`${edgeBase}/everything`);
    expect(violations).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('bio page accessibility (axe-core)', () => {
  for (const handle of ['maya', 'everything', 'murky']) {
    it(`/${handle} has no serious or critical axe violations`, async () => {
      // bypassCSP only so axe itself can be injected; the page is the one served above.
      const context = await browser.newContext({ bypassCSP: true });
      const page = await context.newPage();
      await page.route('https://**', (route) => route.abort());
      await page.goto(`${edgeBase}/${handle}`);
      await page.addScriptTag({ path: AXE_PATH });
      const { passed, violations } = axeSummary.parse(
        await page.evaluate(
          'axe.run(document).then((r) => ({ passed: r.passes.length, violations: r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.length })) }))',
        ),
      );
      expect(passed).toBeGreaterThan(10); // axe really ran its rules over the page
      console.info(
        `axe /${handle}: ${violations.length === 0 ? 'no violations' : JSON.stringify(violations)}`,
      );
      const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(blocking).toEqual([]);
      await context.close();
    }, 60_000);
  }
});
