import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import { chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, startPwaHarness, type PwaHarness } from './harness';
import { DESKTOP_CHROME_UA, startEdge, type EdgeHarness } from './edge-harness';
import { eventually, mailedLink, newEmail, signUpInUi, watch } from './helpers';

/**
 * Scheduled blocks and sensitive-content notices on a phone (390 px, D-605, D-606): a creator
 * schedules blocks and sets notices in the editor and publishes; a visitor through the real edge
 * sees only the blocks of this moment, and passes the notices with JavaScript off.
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
const MINUTE = 60_000;
/** A `datetime-local` value in UTC (the editor's context runs in UTC). */
const local = (ms: number) => new Date(ms).toISOString().slice(0, 16);
/** BLOCK_SCHEDULE_SCREENSHOTS=<dir> keeps the 390 px screenshots (editor, public page, notice), to look at. */
const shoot = async (tab: Page, name: string, fullPage = true) => {
  const dir = process.env.BLOCK_SCHEDULE_SCREENSHOTS;
  if (dir) await tab.screenshot({ path: `${dir}/${name}.png`, fullPage });
};

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(await readFile(AXE_PATH, 'utf8'));
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: object, opts: object) => Promise<{ violations: Array<{ id: string }> }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => v.id);
  });
}

describe('scheduled blocks and notices, from the editor to the public page', () => {
  it('schedules blocks, sets notices, publishes; the public page follows them with JavaScript off', async () => {
    const email = newEmail('ines');
    const context = await h.browser.newContext({ viewport: PHONE, timezoneId: 'UTC' });
    const page = await context.newPage();
    watch(page, 'block-schedule');
    await signUpInUi(page, h.base, 'Inês', email);
    await page.getByText('Verify your email').first().waitFor();
    await page.goto(await mailedLink(h.outbox, email));
    await page.getByText('Verify your email').first().waitFor({ state: 'detached' });

    await page.goto(`${h.base}/pages`);
    const handle = `ines${Date.now().toString(36)}`;
    await page.getByLabel('Handle').fill(handle);
    await page.getByLabel('Title', { exact: true }).fill('Inês tattoo studio');
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.getByRole('heading', { name: `@${handle}` }).waitFor();

    const now = Date.now();
    const addLink = async (title: string, url: string, extra: (p: Page) => Promise<void>) => {
      await page.getByLabel('Add a block').selectOption('link');
      await page.getByLabel('Button text', { exact: true }).fill(title);
      await page.getByLabel('URL', { exact: true }).fill(url);
      await extra(page);
      await page.getByRole('button', { name: 'Add link button' }).click();
    };
    // Ended an hour ago; showing now until a few minutes from now; starts tomorrow; always, behind a notice.
    await addLink('Early bird', 'https://shop.example/early', async (p) => {
      await p.getByLabel('Show from').fill(local(now - 120 * MINUTE));
      await p.getByLabel('Show until').fill(local(now - 60 * MINUTE));
    });
    await addLink('Winter sale', 'https://shop.example/sale', async (p) => {
      await p.getByLabel('Show from').fill(local(now - 60 * MINUTE));
      await p.getByLabel('Show until').fill(local(now + 4 * MINUTE));
    });
    await addLink('Spring drop', 'https://shop.example/spring', async (p) => {
      await p.getByLabel('Show from').fill(local(now + 24 * 60 * MINUTE));
    });
    await addLink('Flash gallery', 'https://gallery.example/flash', async (p) => {
      await p.getByLabel('Show visitors a notice first').selectOption('sensitive');
      await p.getByLabel('Message (optional)').fill('Healing photos: some skin and blood.');
    });
    const rows = page.locator('.blocks-list > li');
    await rows.nth(3).waitFor();
    // The editor says when each block shows and where it stands.
    await rows.nth(0).getByText('Ended').waitFor();
    await rows.nth(1).getByText('Showing now').waitFor();
    await rows.nth(2).getByText('Scheduled').waitFor();
    expect(await rows.nth(2).getByTestId('block-schedule').innerText()).toMatch(
      /Shows from \d{1,2} [A-Z][a-z]{2} \d\d:\d\d/,
    );
    await rows.nth(3).getByText('Notice: Sensitive content').waitFor();
    // A schedule the wrong way round is refused in the form, before anything is stored.
    await page.getByLabel('Add a block').selectOption('header');
    await page.getByLabel('Heading text', { exact: true }).fill('Closed');
    await page.getByLabel('Show from').fill(local(now + 60 * MINUTE));
    await page.getByLabel('Show until').fill(local(now));
    await page.getByRole('button', { name: 'Add heading' }).click();
    await page.getByText('The end must be after the start.').waitFor();
    await page.getByLabel('Show from').scrollIntoViewIfNeeded();
    await shoot(page, 'block-form', false);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await shoot(page, 'editor');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await eventually(
      () =>
        h.sql<{ published_revision: number | null }>(
          'SELECT published_revision FROM bio_pages WHERE handle = $1',
          [handle],
        ),
      (r) => typeof r[0]?.published_revision === 'number',
    );

    const bioHost = h.deps.config.BIO_HOST;
    const origin = `http://${bioHost}:${edge.port}`;
    const visitorBrowser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${bioHost} 127.0.0.1`],
    });
    try {
      const visitor = await visitorBrowser.newContext({ viewport: PHONE, javaScriptEnabled: false });
      // The destinations, answered in place of the outside world.
      await visitor.route(/https:\/\/(shop|gallery)\.example\//, (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html',
          body: `<title>arrived</title>${route.request().url()}`,
        }),
      );
      const tab = await visitor.newPage();
      const response = await eventually(
        () => tab.goto(`${origin}/${handle}`),
        (r) => r?.status() === 200,
      );
      const cacheControl = response?.headers()['cache-control'] ?? '';
      // The Winter sale ends within minutes: a shared cache may not keep the page past that.
      const swr = Number(/stale-while-revalidate=(\d+)/.exec(cacheControl)?.[1] ?? '0');
      expect(cacheControl).toMatch(/^public, max-age=0, s-maxage=60/);
      expect(swr).toBeLessThanOrEqual(4 * 60 - 60);
      await tab.getByRole('link', { name: 'Winter sale' }).waitFor();
      const html = await tab.content();
      expect(html).not.toContain('Early bird');
      expect(html).not.toContain('Spring drop');
      expect(html).not.toContain('gallery.example');
      await shoot(tab, 'public-page');

      // The link behind a notice: the notice first, then the destination.
      await tab.getByRole('link', { name: 'Flash gallery' }).click();
      await tab.getByRole('heading', { name: 'Sensitive content' }).waitFor();
      await tab.getByText('Healing photos: some skin and blood.').waitFor();
      expect(await tab.content()).not.toContain('gallery.example');
      await tab.getByRole('link', { name: 'Continue' }).click();
      await tab.waitForURL('https://gallery.example/flash');
    } finally {
      await visitorBrowser.close();
    }

    // The whole page behind an 18+ notice, set in the editor and published.
    await page.getByLabel('Notice before the page').selectOption('adult');
    await page.locator('#page-notice-message').fill('Studio portfolio: nudity.');
    await page.getByRole('button', { name: 'Save notice' }).click();
    await eventually(
      () => h.sql<{ notice: unknown }>('SELECT notice FROM bio_pages WHERE handle = $1', [handle]),
      (r) => r[0]?.notice !== null && r[0]?.notice !== undefined,
    );
    await page.getByRole('button', { name: 'Publish changes' }).click();
    await eventually(
      () =>
        h.sql<{ published_snapshot: { notice?: unknown } | null }>(
          'SELECT published_snapshot FROM bio_pages WHERE handle = $1',
          [handle],
        ),
      (r) => r[0]?.published_snapshot?.notice !== undefined,
    );

    const noJs = await chromium.launch({
      executablePath: CHROMIUM,
      args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${bioHost} 127.0.0.1`],
    });
    try {
      // A person's browser (a headless one's User-Agent is counted as a bot).
      const visitor = await noJs.newContext({
        viewport: PHONE,
        javaScriptEnabled: false,
        userAgent: DESKTOP_CHROME_UA,
      });
      await visitor.route(/https:\/\/shop\.example\//, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>arrived</title>' }),
      );
      const tab = await visitor.newPage();
      const gate = await eventually(
        () => tab.goto(`${origin}/${handle}`),
        (r) => r?.status() === 200,
      );
      expect(gate?.headers()['set-cookie']).toBeUndefined();
      await tab.getByRole('heading', { name: 'This content is for adults (18+)' }).waitFor();
      await tab.getByText('Studio portfolio: nudity.').waitFor();
      const gateHtml = await tab.content();
      for (const hidden of ['Winter sale', 'Flash gallery', 'shop.example', 'Inês tattoo studio', '/l/'])
        expect(gateHtml).not.toContain(hidden);
      await shoot(tab, 'page-notice');
      await tab.getByRole('link', { name: 'Continue' }).click();
      await tab.getByRole('link', { name: 'Winter sale' }).click();
      await tab.waitForURL('https://shop.example/sale');
      expect(await visitor.cookies()).toEqual([]);

      // The notice page with JavaScript on: no axe violation.
      const withJs = await noJs.newContext({ viewport: PHONE });
      const a11y = await withJs.newPage();
      await a11y.goto(`${origin}/${handle}`);
      expect(await axeViolations(a11y)).toEqual([]);
    } finally {
      await noJs.close();
    }

    // The click is the Winter sale block's, in the page's "Clicks per block" (D-607).
    await edge.drain();
    await page.reload();
    const card = page.getByTestId('block-clicks');
    await card.getByText('Winter sale').waitFor();
    expect(await card.locator('li').allInnerTexts()).toEqual(['Winter sale\n1']);
    await context.close();
  }, 240_000);
});
