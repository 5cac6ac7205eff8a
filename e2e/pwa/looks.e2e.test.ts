import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TEMPLATES } from '@linkhub/shared/themes/page-templates';
import { presetByKey } from '@linkhub/shared/themes/presets';
import { CHROMIUM, CHROMIUM_ARGS, startPwaHarness, type PwaHarness } from './harness';
import { startEdge, type EdgeHarness } from './edge-harness';
import { eventually, mailedLink, newEmail, signUpInUi, watch } from './helpers';

/**
 * A look in one tap, on a phone (390 px): a page from the musician template, the Editorial preset,
 * pill buttons instead of its square ones, published; the public page through the real edge has
 * that look in Chromium's computed styles, its font from the page's own origin and no other request.
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

const PHONE = { width: 390, height: 844 };
const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** Every axe violation (any impact, WCAG 2.1 A/AA) inside `selector`. */
async function axeViolations(page: Page, selector: string): Promise<string[]> {
  await page.evaluate(await readFile(AXE_PATH, 'utf8'));
  return page.evaluate(async (include) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: object,
            opts: object,
          ) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(
      { include: [include] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } },
    );
    return result.violations.map(
      (v) => `${v.id} at ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`,
    );
  }, selector);
}

describe('looks: templates, presets and every theme field', () => {
  it('creates from a template, applies a preset, adjusts it, publishes, and the public page has that look', async () => {
    const email = newEmail('lou');
    const context = await h.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    watch(page, 'looks');
    await signUpInUi(page, h.base, 'Lou', email);
    await page.getByText('Verify your email').first().waitFor();
    await page.goto(await mailedLink(h.outbox, email));
    await page.getByText('Verify your email').first().waitFor({ state: 'detached' });

    await page.goto(`${h.base}/pages`);
    const handle = `lou${Date.now().toString(36)}`;
    await page.getByLabel('Handle').fill(handle);
    await page.getByLabel('Title', { exact: true }).fill('Lou and the Lanterns');
    await page.getByRole('radio', { name: /^Musician/ }).check();
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { name: `@${handle}` }).waitFor();
    // The template's blocks, in its order, with the template's look (Midnight). On a phone the
    // preview is the "Preview" tab (D-610), opened once every block is in.
    const musician = PAGE_TEMPLATES.find((t) => t.key === 'musician');
    await page
      .locator('.blocks-list > li')
      .nth((musician?.blocks.length ?? 1) - 1)
      .waitFor();
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.frameLocator('iframe.preview').getByText('Tour dates and tickets').waitFor();
    await page.getByRole('tab', { name: 'Edit' }).click();
    await page.locator('.preset-tile button[aria-pressed="true"]', { hasText: 'Midnight' }).waitFor();

    const gallery = page.locator('.theme-panel');
    await gallery.scrollIntoViewIfNeeded();
    expect(await page.locator('.preset-tile').count()).toBeGreaterThanOrEqual(12);
    expect(await axeViolations(page, '.theme-panel')).toEqual([]);

    await page.getByRole('button', { name: 'Editorial', exact: true }).click();
    await page.locator('.preset-tile button[aria-pressed="true"]', { hasText: 'Editorial' }).waitFor();
    await page.getByText('Editorial applied.').waitFor();
    const shapes = page.getByRole('group', { name: 'Button shape' });
    expect(await shapes.getByRole('radio', { name: 'Square' }).isChecked()).toBe(true);
    await shapes.getByRole('radio', { name: 'Pill' }).check();
    // Adjusted: no longer exactly a preset.
    await page.locator('.preset-tile button[aria-pressed="false"]', { hasText: 'Editorial' }).waitFor();
    expect(await axeViolations(page, '.theme-panel')).toEqual([]);

    const editorial = presetByKey('editorial');
    if (editorial === undefined) throw new Error('no Editorial preset');
    const [stored] = await eventually(
      () =>
        h.sql<{ theme: Record<string, unknown> }>('SELECT theme FROM bio_pages WHERE handle = $1', [handle]),
      (rows) => rows[0]?.theme.button_shape === 'pill',
    );
    expect(stored?.theme).toMatchObject({ ...editorial.theme, button_shape: 'pill' });

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await eventually(
      () =>
        h.sql<{ published_revision: number | null }>(
          'SELECT published_revision FROM bio_pages WHERE handle = $1',
          [handle],
        ),
      (rows) => rows[0]?.published_revision !== null && rows[0]?.published_revision !== undefined,
    );
    await context.close();

    // A visitor on a phone, JavaScript off: the page through the edge, every request to its own origin.
    const bioHost = h.deps.config.BIO_HOST;
    const visitorBrowser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${bioHost} 127.0.0.1`],
    });
    try {
      const visitor = await visitorBrowser.newContext({ viewport: PHONE, javaScriptEnabled: false });
      const publicPage = await visitor.newPage();
      const origin = `http://${bioHost}:${edge.port}`;
      const requests: string[] = [];
      publicPage.on('request', (r) => requests.push(r.url()));
      const fontResponses: Array<{ url: string; cacheControl: string | undefined }> = [];
      publicPage.on('response', (r) => {
        if (r.url().includes('/_fonts/'))
          fontResponses.push({ url: r.url(), cacheControl: r.headers()['cache-control'] });
      });
      const response = await eventually(
        () => publicPage.goto(`${origin}/${handle}`),
        (r) => r?.status() === 200,
      );
      expect(response?.status()).toBe(200);
      await publicPage.getByRole('link', { name: 'Tour dates and tickets' }).waitFor();
      await publicPage.evaluate(() => document.fonts.ready.then(() => undefined));

      const looks = await publicPage.evaluate(() => {
        const body = getComputedStyle(document.body);
        const button = document.querySelector('a.btn');
        const b = button === null ? null : getComputedStyle(button);
        return {
          bodyBackground: body.backgroundColor,
          bodyColor: body.color,
          fontFamily: body.fontFamily,
          buttonRadius: b?.borderTopLeftRadius,
          buttonBackground: b?.backgroundColor,
          loadedFonts: [...document.fonts]
            .filter((f) => f.status === 'loaded')
            .map((f) => `${f.family} ${f.weight}`),
        };
      });
      expect(looks).toEqual({
        bodyBackground: 'rgb(245, 240, 232)',
        bodyColor: 'rgb(43, 43, 43)',
        fontFamily: expect.stringMatching(/^"Playfair Display"/),
        buttonRadius: '999px',
        buttonBackground: 'rgb(139, 30, 63)',
        // The text's weight and the headings' and buttons' (600 and 700 both use the 700 file).
        loadedFonts: expect.arrayContaining(['Playfair Display 400', 'Playfair Display 700']),
      });
      expect(requests.length).toBeGreaterThan(1);
      for (const url of requests) expect(new URL(url).origin, url).toBe(origin);
      expect(fontResponses.length).toBeGreaterThan(0);
      for (const font of fontResponses) expect(font.cacheControl).toContain('immutable');
      await visitor.close();
    } finally {
      await visitorBrowser.close();
    }
  }, 180_000);
});
