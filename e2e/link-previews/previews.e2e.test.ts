import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFits,
  launchChromium,
  newContext,
  newPage,
  openSection,
  signIn,
  VIEWPORTS,
} from '../launcher/browser';
import { startLauncher, type Launcher } from '../launcher/launcher';
import { eventually } from '../launcher/wait';

/**
 * A link's social card and app links against the stack as `npm start` runs it (D-625): set in the
 * link editor in Chromium, then the short URL fetched as Twitterbot (the card), as an iPhone (the
 * page that opens the app) and as a desktop browser (the redirect).
 */
const TWITTERBOT = 'Twitterbot/1.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const tag = randomBytes(3).toString('hex');
const SHOTS = process.env.LINK_PREVIEW_SHOTS;

let stack: Launcher;
let browser: Browser;

beforeAll(async () => {
  stack = await startLauncher();
  browser = await launchChromium();
}, 200_000);
afterAll(async () => {
  await browser?.close();
  await stack?.cleanUp();
}, 60_000);

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };
function fetchEdge(path: string, userAgent: string): Promise<Answer> {
  const port = stack.ports.edge;
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: { host: `${stack.demo.link_host}:${port}`, 'user-agent': userAgent },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.setTimeout(5_000, () => req.destroy(new Error(`no answer from the edge for ${path}`)));
    req.on('error', reject);
  });
}

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

describe('link previews on npm start', () => {
  it('sets a card and app links in the editor; Twitterbot gets the card, an iPhone the app page, a desktop the 302', async () => {
    const viewport = VIEWPORTS[1] ?? { name: 'desktop' as const, width: 1280, height: 800 };
    const context = await newContext(browser, viewport);
    const page = await newPage(context, 'link-previews');
    const slug = `card-${tag}`;
    const title = `Card ${tag}`;
    try {
      await signIn(page, stack.demo.pwa_url, stack.demo.email, stack.demo.password);
      await openSection(page, 'Links');
      await page.getByRole('button', { name: 'New link' }).click();
      await page.getByLabel('Destination URL', { exact: true }).fill('https://example.com/spring-sale');
      await page.getByLabel('Slug', { exact: true }).fill(slug);
      await page.getByLabel('Title', { exact: true }).fill(title);
      await page.getByRole('button', { name: 'Create link' }).click();
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      await page.getByRole('heading', { name: `Link ${title}` }).waitFor();

      await page.getByLabel('Card title', { exact: true }).fill('Spring sale: 40 % off');
      await page.getByLabel('Card description', { exact: true }).fill('Everything in the shop until Sunday.');
      await page
        .getByLabel('Card image (https address or an uploaded photo)', { exact: true })
        .fill('https://images.example.com/spring.jpg');
      const preview = page.getByRole('figure', { name: 'Card preview' });
      await preview.getByText('Spring sale: 40 % off').waitFor();
      await preview.getByText('Everything in the shop until Sunday.').waitFor();
      await page.getByLabel('iPhone app link', { exact: true }).fill('instagram://user?username=acme');
      await expectFits(page, 'link editor with a social preview');
      await shot(page, 'link-previews-desktop');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Saved on this device').waitFor();

      const card = await eventually(
        () => fetchEdge(`/${slug}`, TWITTERBOT),
        (a) => a.status === 200 && a.body.includes('og:title'),
        20_000,
        'Twitterbot gets the card once the edit has synced',
      );
      expect(card.headers['x-robots-tag']).toBe('noindex');
      expect(card.body).toContain('<meta property="og:title" content="Spring sale: 40 % off">');
      expect(card.body).toContain(
        '<meta name="twitter:description" content="Everything in the shop until Sunday.">',
      );
      expect(card.body).toContain(
        '<meta property="og:image" content="https://images.example.com/spring.jpg">',
      );

      const iphone = await eventually(
        () => fetchEdge(`/${slug}`, IPHONE),
        (a) => a.status === 200,
        20_000,
        'an iPhone gets the page that opens the app',
      );
      expect(iphone.body).toContain('href="instagram://user?username=acme">Open in the app</a>');
      expect(iphone.body).toContain('href="https://example.com/spring-sale">Continue on the web</a>');

      const desktop = await fetchEdge(`/${slug}`, DESKTOP);
      expect(desktop.status).toBe(302);
      expect(desktop.headers.location).toBe('https://example.com/spring-sale');
      expect(desktop.headers['x-robots-tag']).toBe('noindex');
    } finally {
      await context.close();
    }
  }, 120_000);

  it('shows the card preview without horizontal scroll on a phone', async () => {
    const phone = VIEWPORTS[0] ?? { name: 'phone' as const, width: 390, height: 844 };
    const context = await newContext(browser, phone);
    const page = await newPage(context, 'link-previews-phone');
    try {
      await signIn(page, stack.demo.pwa_url, stack.demo.email, stack.demo.password);
      await openSection(page, 'Links');
      await page.getByRole('button', { name: `Edit Card ${tag}` }).click();
      await page.getByRole('figure', { name: 'Card preview' }).getByText('Spring sale: 40 % off').waitFor();
      await expectFits(page, 'link editor with a social preview (phone)');
      await shot(page, 'link-previews-phone');
    } finally {
      await context.close();
    }
  }, 60_000);
});
