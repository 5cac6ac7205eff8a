import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwaHarness, type PwaHarness } from './harness';
import { startEdge, type EdgeHarness } from './edge-harness';
import { eventually, mailedLink, newEmail, signUpInUi, watch } from './helpers';

/**
 * Sharing at 390 px (D-600–D-603): the creator sets the share title and description and the page
 * language in the editor, sees the card, publishes; a visitor's phone (JavaScript off) gets the page
 * compressed, in German, with absolute share tags, and the card they name is a 1200×630 PNG served
 * immutable from the page's own host.
 */
let h: PwaHarness;
let edge: EdgeHarness;
beforeAll(async () => {
  h = await startPwaHarness();
  edge = await startEdge(h);
}, 120_000);
afterAll(async () => {
  await edge?.stop();
  await h?.stop();
});

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

describe('sharing a bio page', () => {
  it('edits sharing fields at 390 px, publishes, and the public page carries the tags and the card', async () => {
    const email = newEmail('lena');
    const context = await h.browser.newContext(PHONE);
    const page = await context.newPage();
    watch(page, 'sharing');
    await signUpInUi(page, h.base, 'Lena', email);
    await page.goto(await mailedLink(h.outbox, email));
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    await page.goto(`${h.base}/pages`);
    const handle = `lena${Date.now().toString(36)}`;
    await page.getByLabel('Handle').fill(handle);
    await page.getByLabel('Title', { exact: true }).fill('Lena Keramik');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { name: `@${handle}` }).waitFor();

    const sharing = page.getByRole('region', { name: 'Sharing' });
    await sharing.getByLabel('Share title').fill('Lena — Keramik aus Leipzig');
    await sharing.getByLabel('Share description').fill('Handgemachte Tassen & Schalen.');
    await sharing.getByRole('button', { name: 'Save sharing text' }).click();
    await sharing.getByTestId('sharing-saved').waitFor();
    await sharing.getByLabel('Page language').selectOption('de');
    // The card the draft would publish, drawn by the server.
    const preview = sharing.getByTestId('share-card-preview');
    await preview.waitFor({ timeout: 60_000 });
    expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
      1200, 630,
    ]);
    await page.screenshot({ path: '/tmp/bio-sharing-editor-390.png', fullPage: true });
    const [row] = await eventually(
      () =>
        h.sql<{ id: string; language: string; share_title: string }>(
          'SELECT id, language, share_title FROM bio_pages WHERE handle = $1',
          [handle],
        ),
      (rows) => rows[0]?.language === 'de' && rows[0].share_title !== '',
    );
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await eventually(
      () =>
        h.sql<{ published_revision: number | null }>(
          'SELECT published_revision FROM bio_pages WHERE id = $1',
          [row?.id],
        ),
      (rows) => typeof rows[0]?.published_revision === 'number',
    );
    await context.close();

    const visitor = await h.browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const view = await visitor.newPage();
    const origin = `http://${h.deps.config.BIO_HOST}:${edge.port}`;
    const url = `${origin}/${handle}`;
    const response = await eventually(
      () => view.goto(url),
      (r) => r?.status() === 200,
    );
    const headers = response?.headers() ?? {};
    expect(headers['content-encoding']).toBe('br');
    expect(headers.vary).toContain('Accept-Encoding');
    expect(await view.locator('html').getAttribute('lang')).toBe('de');
    expect(await view.title()).toBe('Lena — Keramik aus Leipzig');
    const meta = (selector: string) => view.locator(selector).getAttribute('content');
    expect(await meta('meta[name="description"]')).toBe('Handgemachte Tassen & Schalen.');
    expect(await meta('meta[property="og:title"]')).toBe('Lena — Keramik aus Leipzig');
    expect(await meta('meta[property="og:url"]')).toBe(url);
    expect(await meta('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(await view.locator('link[rel="canonical"]').getAttribute('href')).toBe(url);
    const image = (await meta('meta[property="og:image"]')) ?? '';
    expect(image).toMatch(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/_img/[0-9a-f]{32}\\.png$`));
    expect(await meta('meta[name="twitter:image"]')).toBe(image);
    expect(await view.locator('footer').textContent()).toContain('Erstellt mit LinkHub');

    const card = await view.goto(image);
    expect(card?.status()).toBe(200);
    expect(card?.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const png = await sharp(await card?.body()).metadata();
    expect([png.format, png.width, png.height]).toEqual(['png', 1200, 630]);
    await visitor.close();
  }, 240_000);
});
