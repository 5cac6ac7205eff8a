import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { startPwaHarness, type PwaHarness } from './harness';
import { eventually, newEmail, seriousViolations, signUpInUi, watch } from './helpers';

/**
 * Links imported from a CSV file on a phone. Rows the editor refuses are listed before
 * anything is sent, the rest go to `POST /v1/links/bulk` with the session, the report names every row
 * not imported (the editor's or the server's reason), and the new links arrive in the list by sync.
 */
const PHONE = { width: 390, height: 844 };

let h: PwaHarness;
beforeAll(async () => {
  h = await startPwaHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(lines.join('\n')),
});

/** Visible controls inside `scope` smaller than 24×24 px (WCAG 2.5.8), and the page's sideways scroll. */
async function layoutProblems(page: Page, scope: Locator): Promise<{ overflow: number; small: string[] }> {
  const small = await scope.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>('button, input, select, a[href], [tabindex]:not([tabindex="-1"])')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && (box.width < 24 || box.height < 24);
      })
      .map((el) => el.outerHTML.slice(0, 80)),
  );
  const overflow = await page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return scroller.scrollWidth - scroller.clientWidth;
  });
  return { overflow, small };
}

describe('CSV import of links', () => {
  it('at 390 px: lists the bad row before sending, imports the rest, reports what the server refused, and the links arrive in the list', async () => {
    const context = await h.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    watch(page, 'csv-import');
    const email = newEmail('ida');
    await signUpInUi(page, h.base, 'Ida', email);
    const [owner] = await h.sql<{ workspace_id: string }>(
      'SELECT m.workspace_id FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE u.email = $1',
      [email],
    );
    const workspaceId = owner?.workspace_id;
    expect(workspaceId).toBeDefined();
    const tag = Date.now().toString(36);

    const open = page.getByRole('button', { name: 'Import CSV' });
    expect((await open.boundingBox())?.height).toBeGreaterThanOrEqual(24);
    await open.click();
    const panel = page.getByRole('region', { name: 'Import links from a CSV file' });
    await panel.waitFor();
    await panel.getByText('Up to 5,000 rows per file').waitFor();

    await panel
      .getByLabel('CSV file')
      .setInputFiles(
        csvFile('links.csv', [
          'destination_url,slug,title,tags',
          `https://shop.example/a,imp-a-${tag},Import Alpha,spring|sale`,
          'https://shop.example/b,,Import Bravo,',
          'not a web address,,Import Broken,',
          'https://shop.example/d,,Import Delta,news;promo',
        ]),
      );
    await panel.getByText('4 rows read: 3 ready to import, 1 refused (listed below).').waitFor();
    const report = panel.getByRole('list', { name: 'Rows that will not be imported' });
    expect(await report.getByRole('listitem').allTextContents()).toEqual([
      'Row 4: Enter a full web address, such as https://example.com.',
    ]);
    expect(await layoutProblems(page, panel)).toEqual({ overflow: 0, small: [] });
    expect(await seriousViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Import 3 links' }).click();
    await panel.getByText('Imported 3 of 4 rows. 1 row was not imported.').waitFor();
    expect(
      await panel.getByRole('list', { name: 'Rows not imported' }).getByRole('listitem').allTextContents(),
    ).toEqual(['Row 4: Enter a full web address, such as https://example.com.']);

    // Created on the server, through the same command as POST /v1/links; and synced into the list.
    const rows = await h.sql<{ title: string; slug: string; tags: string[]; destination_url: string }>(
      'SELECT title, slug, tags, destination_url FROM links WHERE workspace_id = $1 ORDER BY title',
      [workspaceId],
    );
    expect(rows.map((r) => [r.title, r.destination_url, r.tags])).toEqual([
      ['Import Alpha', 'https://shop.example/a', ['spring', 'sale']],
      ['Import Bravo', 'https://shop.example/b', []],
      ['Import Delta', 'https://shop.example/d', ['news', 'promo']],
    ]);
    expect(rows[0]?.slug).toBe(`imp-a-${tag}`);
    for (const title of ['Import Alpha', 'Import Bravo', 'Import Delta'])
      await page.getByRole('button', { name: `Edit ${title}` }).waitFor();
    await page.getByText('3 of 3 links').waitFor();

    // A second file: the server refuses a slug the first import took; the report says so in words.
    await panel
      .getByLabel('CSV file')
      .setInputFiles(
        csvFile('more.csv', [
          'url,slug,title',
          `https://shop.example/e,imp-a-${tag},Import Echo`,
          'https://shop.example/f,,Import Foxtrot',
        ]),
      );
    await panel.getByText('2 rows read: 2 ready to import.').waitFor();
    await panel.getByRole('button', { name: 'Import 2 links' }).click();
    await panel.getByText('Imported 1 of 2 rows. 1 row was not imported.').waitFor();
    expect(
      await panel.getByRole('list', { name: 'Rows not imported' }).getByRole('listitem').allTextContents(),
    ).toEqual(['Row 2: This short link is already in use on this domain. Choose another ending.']);
    await page.getByRole('button', { name: 'Edit Import Foxtrot' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit Import Echo' }).count()).toBe(0);
    expect(await layoutProblems(page, panel)).toEqual({ overflow: 0, small: [] });
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await layoutProblems(page, panel)).toEqual({ overflow: 0, small: [] });

    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'detached' });
    await eventually(
      async () =>
        (
          await h.sql<{ n: string }>('SELECT count(*) AS n FROM links WHERE workspace_id = $1', [workspaceId])
        )[0]?.n,
      (n) => n === '4',
    );
    await context.close();
  }, 120_000);

  it('sends 250 rows as three batches of at most 100 side by side, each with its own Idempotency-Key, showing the progress after each answer', async () => {
    // No service worker, so the test can hold the second batch on its way (the worker never handles /v1).
    const context = await h.browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    watch(page, 'csv-batches');
    const batches: Array<{ key: string | undefined; links: number; workspace: string }> = [];
    page.on('request', (request) => {
      if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/v1/links/bulk') return;
      const body = JSON.parse(request.postData() ?? '{}') as { workspace_id: string; links: unknown[] };
      batches.push({
        key: request.headers()['idempotency-key'],
        links: body.links.length,
        workspace: body.workspace_id,
      });
    });
    const email = newEmail('bo');
    await signUpInUi(page, h.base, 'Bo', email);
    // Pro: room for 2,000 links (free stops at 50).
    await h.sql(
      "UPDATE workspaces SET current_plan_key = 'pro' WHERE id IN (SELECT m.workspace_id FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE u.email = $1)",
      [email],
    );
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const panel = page.getByRole('region', { name: 'Import links from a CSV file' });
    const lines = Array.from({ length: 250 }, (_, i) => `https://shop.example/many/${i},Many ${i}`);
    await panel.getByLabel('CSV file').setInputFiles(csvFile('many.csv', ['url,title', ...lines]));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let requests = 0;
    await page.route('**/v1/links/bulk', async (route) => {
      requests += 1;
      if (requests === 2) await held;
      await route.continue();
    });
    await panel.getByRole('button', { name: 'Import 250 links' }).click();
    // Batches go side by side: with the second held, the first and the third are answered.
    await panel.getByText('Imported 150 of 250').waitFor();
    expect(await panel.getByRole('progressbar').getAttribute('value')).toBe('150');
    release();
    await panel.getByText('Imported 250 of 250 rows.').waitFor({ timeout: 60_000 });
    expect(batches.map((b) => b.links)).toEqual([100, 100, 50]);
    expect(new Set(batches.map((b) => b.key)).size).toBe(3);
    expect(batches.every((b) => b.key !== undefined && b.workspace.length === 36)).toBe(true);
    await page.getByText('250 of 250 links').waitFor();
    await context.close();
  }, 120_000);

  it('says import needs a connection while offline', async () => {
    const context = await h.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    watch(page, 'csv-offline');
    await signUpInUi(page, h.base, 'Ola', newEmail('ola'));
    await page.getByRole('button', { name: 'Import CSV' }).waitFor();
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    const offline = page.getByRole('button', { name: 'Import needs a connection' });
    await offline.waitFor();
    expect(await offline.isDisabled()).toBe(true);
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.getByRole('button', { name: 'Import CSV' }).waitFor();
    await context.close();
  }, 90_000);
});
