import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDirectPool } from '@linkhub/shared/server/db/pool';
import { FORWARDED_FOR_HEADER } from '@linkhub/shared/server/analytics/client-ip';
import {
  CHROMIUM,
  CHROMIUM_ARGS,
  expectFits,
  newContext,
  newPage,
  openSection,
  signIn,
  VIEWPORTS,
} from '../launcher/browser';
import { edgeText, visitEdge } from '../launcher/edge';
import { startLauncher, type Launcher } from '../launcher/launcher';
import { eventually } from '../launcher/wait';

/**
 * A link's access controls against the stack as `npm start` runs it (D-615, D-616): a password set in
 * the link editor, typed on the edge's page in Chromium, landing on the destination; a capped link
 * sending its visitors on to its expired URL once its visits are used, and saying so in the editor.
 */
const tag = randomBytes(3).toString('hex');
const LINK_PASSWORD = `harbour-${tag}`;
/** Set once the stand-in destination server listens (example.com on this machine, for the browser only). */
let landing = '';
const destination = () => `${landing}/members-${tag}`;
const soldOut = () => `${landing}/sold-out-${tag}`;
let server: http.Server;

let stack: Launcher;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let db: pg.Pool;

beforeAll(async () => {
  // The destinations are not fetched from the internet: the browser resolves example.com to a stand-in here.
  server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>Landed</title><h1>Landed on ${new URL(req.url ?? '/', 'http://x').pathname}</h1>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  landing = `http://example.com:${(server.address() as AddressInfo).port}`;
  stack = await startLauncher();
  // The visitor's browser opens the short links themselves: the link host resolves to this machine.
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      ...CHROMIUM_ARGS,
      `--host-resolver-rules=MAP ${stack.demo.link_host} 127.0.0.1, MAP example.com 127.0.0.1`,
    ],
  });
  db = createDirectPool(stack.demo.database_url, 2);
  context = await newContext(browser, VIEWPORTS[1] ?? { name: 'desktop', width: 1280, height: 800 });
  page = await newPage(context, 'link-access');
  await signIn(page, stack.demo.pwa_url, stack.demo.email, stack.demo.password);
}, 200_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await db?.end();
  await stack?.cleanUp();
  server?.close();
}, 60_000);

async function newLink(slug: string, title: string, destination: string): Promise<void> {
  await openSection(page, 'Links');
  await page.getByRole('button', { name: 'New link' }).click();
  await page.getByLabel('Destination URL', { exact: true }).fill(destination);
  await page.getByLabel('Slug', { exact: true }).fill(slug);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Create link' }).click();
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await page.getByRole('heading', { name: `Link ${title}` }).waitFor();
}

const shortUrl = (slug: string) => `http://${stack.demo.link_host}:${stack.ports.edge}/${slug}`;

describe('link access on the launched stack', () => {
  it('sets a password in the link editor; a visitor types it on the edge page and lands on the destination', async () => {
    const slug = `pw-${tag}`;
    await newLink(slug, `Members ${tag}`, destination());
    await page.getByLabel('Password', { exact: true }).fill(LINK_PASSWORD);
    await expectFits(page, 'link editor with access fields');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('A password protects this link.').waitFor();
    await eventually(
      () => edgeText(stack.ports.edge, stack.demo.link_host, `/${slug}`),
      (answer) => answer.status === 200 && answer.body.includes('This link is protected'),
      20_000,
      'the edge asks for the password',
    );

    const visitor = await newPage(context, 'visitor');
    await visitor.goto(shortUrl(slug));
    await visitor.getByRole('heading', { name: 'This link is protected' }).waitFor();
    await expectFits(visitor, 'password page');
    await visitor.getByLabel('Password', { exact: true }).fill('not the password');
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await visitor.getByRole('alert').getByText('That password is not right').waitFor();
    await visitor.getByLabel('Password', { exact: true }).fill(LINK_PASSWORD);
    await visitor.getByRole('button', { name: 'Continue' }).click();
    await visitor.getByRole('heading', { name: `Landed on /members-${tag}` }).waitFor();
    expect(visitor.url()).toBe(destination());
    expect(await context.cookies(shortUrl(slug)), 'the password page sets no cookie').toEqual([]);
    await visitor.close();
  }, 120_000);

  it('ends a capped link after its visits, sends the next visitors to its expired URL and says why', async () => {
    const slug = `cap-${tag}`;
    const title = `Coupon ${tag}`;
    await newLink(slug, title, `${destination()}/coupon`);
    await page.getByLabel('After it ends, send visitors to', { exact: true }).fill(soldOut());
    await page.getByLabel('Maximum visits', { exact: true }).fill('2');
    await page.getByRole('button', { name: 'Save access limits' }).click();
    await eventually(
      async () =>
        (
          await db.query<{ max_clicks: number | null }>('SELECT max_clicks FROM links WHERE slug = $1', [
            slug,
          ])
        ).rows[0]?.max_clicks ?? null,
      (max) => max === 2,
      20_000,
      'the cap saved',
    );
    // The command writes the edge's cache right after its commit: give it that moment.
    await new Promise((r) => setTimeout(r, 1_000));
    const answers = [];
    for (let i = 0; i < 4; i += 1)
      answers.push(
        await visitEdge(stack.ports.edge, stack.demo.link_host, `/${slug}`, {
          [FORWARDED_FOR_HEADER]: `198.51.100.${i + 1}`,
        }),
      );
    expect(answers.map((a) => a.location)).toEqual([
      `${destination()}/coupon`,
      `${destination()}/coupon`,
      soldOut(),
      soldOut(),
    ]);

    const visitor = await newPage(context, 'capped visitor');
    await visitor.goto(shortUrl(slug));
    await visitor.getByRole('heading', { name: `Landed on /sold-out-${tag}` }).waitFor();
    await visitor.close();

    // The worker persists the count (every 30 s) and the editor shows why the link ended.
    await page.getByText('click_limit_reached').first().waitFor({ timeout: 90_000 });
    await page.getByText('2 of 2 visits used').waitFor();
  }, 180_000);

  it('previews a link at its slug+ address, with JavaScript off: where it leads, its QR code and whose it is', async () => {
    const slug = `pre-${tag}`;
    await newLink(slug, `Preview ${tag}`, `${destination()}/preview`);
    await eventually(
      () => edgeText(stack.ports.edge, stack.demo.link_host, `/${slug}+`),
      (answer) => answer.status === 200,
      20_000,
      'the preview page answers',
    );
    const noScript = await context
      .browser()
      ?.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const cautious = await noScript?.newPage();
    if (cautious === undefined) throw new Error('no browser context');
    await cautious.goto(`${shortUrl(slug)}+`);
    await cautious.getByText(`${destination()}/preview`).first().waitFor();
    await cautious.getByRole('img').first().waitFor();
    await expectFits(cautious, 'slug+ preview page');
    // The preview itself is not a visit: nothing was redirected.
    expect(cautious.url()).toBe(`${shortUrl(slug)}+`);
    await noScript?.close();

    // The link host asks crawlers to stay off its slugs; the redirect says noindex too.
    const robots = await edgeText(stack.ports.edge, stack.demo.link_host, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.body).toMatch(/^Disallow: \/$/m);
  }, 120_000);
});
