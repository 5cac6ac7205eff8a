import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THEME_PRESETS } from '@linkhub/shared/themes/presets';
import { createDirectPool } from '@linkhub/shared/server/db/pool';
import { expectFits, launchChromium, newPage, signInHere } from '../launcher/browser';
import { visitEdge } from '../launcher/edge';
import { startLauncher, type Launcher } from '../launcher/launcher';
import { mailedLink } from '../launcher/mail';
import { eventually } from '../launcher/wait';
import { realPhoto } from './real-photo';

/**
 * A creator's journey against the product as `npm start` runs it, on a 390 px phone in Chromium
 * (D-614): sign up, start a page from a template, apply a look, upload a photo from a file as the
 * avatar, add blocks and a scheduled one, publish; then the public page through the edge: its HTML (lang, the avatar's
 * <picture> with srcset, the look), its headers (strict nonce CSP, no cookie) and a visitor with
 * JavaScript off.
 *
 * The steps are one list, in order; a scheduled block is added before publishing, and the public
 * page then shows only what its schedule shows now, with its share tags and generated card.
 */
const PASSWORD = 'amber kettle orchard 2046 sailing';
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const tag = randomBytes(3).toString('hex');
const email = `creator-${tag}@example.com`;
const handle = `inesprints${tag}`;
const LOOK = THEME_PRESETS.find((p) => p.key === 'sunset') ?? THEME_PRESETS[0];

let stack: Launcher;
let browser: Browser;
let db: pg.Pool;
let context: BrowserContext;
let page: Page;
let pageId = '';
const sql = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> =>
  (await db.query<R>(text, values)).rows;

type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** GET at the edge as a browser on the bio host would send it. */
function edgeGet(path: string): Promise<Reply> {
  const port = stack.ports.edge;
  return new Promise((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port,
        path,
        headers: { host: `${stack.demo.bio_host}:${port}`, accept: 'text/html' },
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

const publicUrl = () => `http://${stack.demo.bio_host}:${stack.ports.edge}/${handle}`;

beforeAll(async () => {
  stack = await startLauncher();
  browser = await launchChromium();
  db = createDirectPool(stack.demo.database_url, 2);
  context = await browser.newContext(PHONE);
  page = await newPage(context, 'creator');
}, 200_000);
afterAll(async () => {
  await context?.close();
  await browser?.close();
  await db?.end();
  await stack?.cleanUp();
}, 60_000);

describe('a creator on a phone, against npm start', () => {
  it('signs up and confirms the address from the mail', async () => {
    await page.goto(stack.demo.pwa_url);
    await page.getByRole('button', { name: 'Create an account' }).click();
    const form = page.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Your name').fill('Inês Prints');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Create your account' }).click();
    await page.goto(await mailedLink(stack.outbox, email, /verify/));
    await page.getByRole('heading', { level: 1, name: /^(Links|LinkHub)$/ }).waitFor();
    if (await page.getByRole('form', { name: 'Sign in' }).isVisible())
      await signInHere(page, email, PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Links' }).waitFor();
  }, 90_000);

  it('creates a page from a template', async () => {
    await page.goto(`${stack.demo.pwa_url.replace(/\/$/, '')}/pages`);
    await page.getByLabel('Handle').fill(handle);
    await page.getByLabel('Title', { exact: true }).fill('Inês Prints');
    await page.getByRole('radio', { name: /Musician/ }).check();
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { name: `@${handle}` }).waitFor();
    // The template's blocks arrive with the page.
    await page.getByText('Listen to the new single').first().waitFor();
    await expectFits(page, 'page editor');
    const [row] = await eventually(
      () => sql<{ id: string }>('SELECT id FROM bio_pages WHERE handle = $1', [handle]),
      (rows) => rows.length === 1,
    );
    pageId = row?.id ?? '';
  }, 60_000);

  it('applies a look in one tap', async () => {
    const look = page.getByRole('list', { name: 'Looks' }).getByRole('button', { name: LOOK?.name });
    await look.click();
    expect(await look.getAttribute('aria-pressed')).toBe('true');
    await eventually(
      () => sql<{ theme: { background?: string } }>('SELECT theme FROM bio_pages WHERE id = $1', [pageId]),
      (rows) => rows[0]?.theme.background === LOOK?.theme.background,
    );
  }, 60_000);

  it('uploads a photo from a file as the avatar, and the preview shows it', async () => {
    await page
      .getByLabel('Upload photo')
      .first()
      .setInputFiles(await realPhoto());
    await page.getByText('Photo uploaded.').waitFor({ timeout: 90_000 });
    await page.getByRole('tab', { name: 'Preview' }).click();
    const avatar = page.frameLocator('iframe.preview').locator('img.avatar');
    await eventually(
      async () => (await avatar.getAttribute('src')) ?? '',
      (src) => src.startsWith('data:image/'),
      30_000,
    );
    await page.getByRole('tab', { name: 'Edit' }).click();
  }, 120_000);

  it('adds blocks', async () => {
    await page.getByLabel('Add a block').selectOption('link');
    await page.getByLabel('Button text').fill('Shop the spring drop');
    await page.getByLabel('URL').fill('https://shop.example.com/spring');
    await page.getByRole('button', { name: 'Add link button' }).click();
    await page.getByLabel('Add a block').selectOption('divider');
    await page.getByRole('button', { name: 'Add divider' }).click();
    await eventually(
      () =>
        sql<{ type: string }>('SELECT type FROM bio_blocks WHERE page_id = $1 AND deleted_at IS NULL', [
          pageId,
        ]),
      (rows) => rows.some((r) => r.type === 'divider') && rows.filter((r) => r.type === 'link').length >= 4,
    );
  }, 60_000);

  it('adds a scheduled block: one showing now until tomorrow, one that starts next week', async () => {
    // The editor's context runs in UTC: a datetime-local value is UTC's clock.
    const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);
    const now = Date.now();
    const addScheduled = async (title: string, url: string, from: number, until: number | null) => {
      await page.getByLabel('Add a block').selectOption('link');
      await page.getByLabel('Button text', { exact: true }).fill(title);
      await page.getByLabel('URL', { exact: true }).fill(url);
      await page.getByLabel('Show from').fill(local(from));
      if (until !== null) await page.getByLabel('Show until').fill(local(until));
      await page.getByRole('button', { name: 'Add link button' }).click();
    };
    await addScheduled(
      'Tonight only: flash sale',
      'https://shop.example.com/flash',
      now - 10 * 60_000,
      now + 86_400_000,
    );
    await addScheduled('Next week’s drop', 'https://shop.example.com/next', now + 7 * 86_400_000, null);
    const rows = page.locator('.blocks-list > li');
    await rows.filter({ hasText: 'Tonight only: flash sale' }).getByText('Showing now').waitFor();
    await rows.filter({ hasText: 'Next week’s drop' }).getByText('Scheduled').waitFor();
    await expectFits(page, 'page editor with scheduled blocks');
  }, 60_000);

  it('publishes', async () => {
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await eventually(
      () =>
        sql<{ published_revision: number | null; draft_revision: number }>(
          'SELECT published_revision, draft_revision FROM bio_pages WHERE id = $1',
          [pageId],
        ),
      (rows) => rows[0]?.published_revision === rows[0]?.draft_revision,
      30_000,
    );
    await page.getByText('Published · up to date').waitFor();
  }, 60_000);

  it('serves the public page: lang, the avatar with srcset, the look, a strict CSP and no cookie', async () => {
    const reply = await eventually(
      () => edgeGet(`/${handle}`),
      (r) => r.status === 200 && r.body.includes('Shop the spring drop'),
      30_000,
    );
    expect(reply.body).toMatch(/^<!doctype html><html lang="en">/);
    expect(reply.body).toMatch(
      /<picture><source type="image\/avif" srcset="\/_img\/[0-9a-f]{32}\.avif 96w, [^"]+ 384w" sizes="96px">/,
    );
    expect(reply.body).toMatch(
      /<img class="avatar" src="\/_img\/[0-9a-f]{32}\.jpg" srcset="[^"]+ 384w" sizes="96px"/,
    );
    expect(reply.body).toContain(`--bg:${LOOK?.theme.background ?? ''}`);
    expect(reply.body).toContain('linear-gradient(');
    const csp = String(reply.headers['content-security-policy'] ?? '');
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1] ?? '';
    expect(nonce).not.toBe('');
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(reply.body).toContain(`<script type="module" nonce="${nonce}">`);
    expect(reply.headers['set-cookie']).toBeUndefined();
  }, 60_000);

  it('shows only the blocks whose schedule is now, and shares a card drawn from the page’s look', async () => {
    const reply = await edgeGet(`/${handle}`);
    expect(reply.body).toContain('Tonight only: flash sale');
    expect(reply.body).not.toContain('Next week’s drop');
    const tag = (attribute: string, name: string) =>
      new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(reply.body)?.[1] ?? null;
    expect(tag('property', 'og:url')).toBe(publicUrl());
    expect(reply.body).toContain(`<link rel="canonical" href="${publicUrl()}">`);
    expect(tag('name', 'twitter:card')).toBe('summary_large_image');
    expect(reply.body).toMatch(/<link rel="icon" [^>]*href="http:\/\/[^"]+\/_img\/[0-9a-f]{32}\.jpg"/);
    const image = tag('property', 'og:image') ?? '';
    expect(image).toMatch(/^http:\/\/[^/]+\/_img\/[0-9a-f]{32}\.png$/);
    expect(tag('name', 'twitter:image')).toBe(image);

    const card = await new Promise<{ status: number; type: string; cache: string; bytes: Buffer }>(
      (resolve, reject) => {
        const req = http.get(
          {
            host: '127.0.0.1',
            port: stack.ports.edge,
            path: new URL(image).pathname,
            headers: { host: `${stack.demo.bio_host}:${stack.ports.edge}` },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                status: res.statusCode ?? 0,
                type: String(res.headers['content-type']),
                cache: String(res.headers['cache-control']),
                bytes: Buffer.concat(chunks),
              }),
            );
          },
        );
        req.on('error', reject);
      },
    );
    expect(card).toMatchObject({
      status: 200,
      type: 'image/png',
      cache: 'public, max-age=31536000, immutable',
    });
    // A PNG's IHDR: width and height at bytes 16–23.
    expect([card.bytes.readUInt32BE(16), card.bytes.readUInt32BE(20)]).toEqual([1200, 630]);

    // Sent compressed when the phone asks for it.
    const compressed = await new Promise<http.IncomingHttpHeaders>((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: stack.ports.edge,
          path: `/${handle}`,
          headers: { host: `${stack.demo.bio_host}:${stack.ports.edge}`, 'accept-encoding': 'br, gzip' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.headers));
        },
      );
      req.on('error', reject);
    });
    expect(compressed['content-encoding']).toBe('br');
    expect(compressed.vary).toMatch(/Accept-Encoding/i);
  }, 60_000);

  it('works with JavaScript off on a visitor’s phone: the page, its photo and its links', async () => {
    const visitor = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const view = await newPage(visitor, 'visitor');
    await view.goto(publicUrl());
    await view.getByRole('heading', { level: 1, name: 'Inês Prints' }).waitFor();
    await expectFits(view, 'public page');
    const avatar = view.locator('img.avatar');
    await eventually(
      () => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      (loaded) => loaded,
    );
    expect(await avatar.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(
      /^\/_img\/[0-9a-f]{32}\.(avif|webp|jpg)$/,
    );
    // A link button is a plain link through the edge's click hop to where it goes.
    const href = (await view.getByRole('link', { name: 'Shop the spring drop' }).getAttribute('href')) ?? '';
    expect(href).toMatch(new RegExp(`^/${handle}/l/`));
    const hop = await visitEdge(stack.ports.edge, stack.demo.bio_host, href);
    expect(hop.status).toBe(302);
    expect(hop.location).toBe('https://shop.example.com/spring');
    // The sign-up form posts as a plain form and comes back to the page.
    const signUp = view.getByRole('form', { name: 'Hear about new music first' });
    await signUp.getByLabel('Email address').fill(`fan-${tag}@example.com`);
    await signUp.getByRole('checkbox').check();
    await signUp.getByRole('button', { name: 'Sign up' }).click();
    await view.getByRole('heading', { level: 1, name: 'Inês Prints' }).waitFor();
    expect(view.url()).toContain(`/${handle}`);
    await eventually(
      () => sql<{ n: string }>('SELECT count(*) AS n FROM leads WHERE page_id = $1', [pageId]),
      (rows) => Number(rows[0]?.n ?? 0) === 1,
    );
    await visitor.close();
  }, 90_000);
});
