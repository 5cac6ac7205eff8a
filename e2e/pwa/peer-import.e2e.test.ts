import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwaHarness, type PwaHarness } from './harness';
import { newEmail, seriousViolations, signUpInUi, watch } from './helpers';

/**
 * A Dub user's links moved in from a phone: the export file is checked row by row before anything is
 * created, then imported on one tap; a second import of the same file changes nothing.
 */
let h: PwaHarness;
beforeAll(async () => {
  h = await startPwaHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

const sideways = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return scroller.scrollWidth - scroller.clientWidth;
  });

describe('importing from another product in the editor', () => {
  it('at 390 px: previews every row of a Dub export, imports the good ones, and a re-run finds them already here', async () => {
    const context = await h.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    watch(page, 'peer-import');
    const email = newEmail('noor');
    await signUpInUi(page, h.base, 'Noor', email);
    const tag = Date.now().toString(36);
    const dubExport = JSON.stringify([
      {
        key: `launch-${tag}`,
        domain: 'dub.sh',
        url: 'https://noor.example/launch',
        title: 'Launch day',
        clicks: 532,
        tags: [{ name: 'launch' }],
      },
      { key: `docs-${tag}`, domain: 'dub.sh', url: 'https://noor.example/docs', clicks: 12 },
      { key: 'under_score', domain: 'dub.sh', url: 'https://noor.example/x' },
    ]);

    await page.getByRole('button', { name: 'Import from Bitly, Dub…' }).click();
    const panel = page.getByRole('region', { name: 'Import from another product' });
    await panel.getByLabel('Product').selectOption('dub');
    await panel.getByLabel('Export file').setInputFiles({
      name: 'dub-links.json',
      mimeType: 'application/json',
      buffer: Buffer.from(dubExport),
    });
    await panel.getByText('Checked: 2 will be created, 1 cannot be read.').waitFor();
    const table = panel.getByRole('table');
    expect(await table.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual([
      '1',
      'Will be created',
      `lnk.localhost/launch-${tag}`,
      'https://noor.example/launch',
      '532 clicks kept as history',
    ]);
    expect(await table.getByRole('row').nth(3).getByRole('cell').nth(1).textContent()).toBe('Cannot be read');
    expect(await h.sql('SELECT 1 FROM links WHERE slug = $1', [`launch-${tag}`])).toEqual([]);
    expect(await sideways(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await panel.getByRole('button', { name: 'Import 2 links' }).click();
    await panel.getByText('Imported: 2 created, 1 cannot be read.').waitFor();
    await page.getByRole('button', { name: 'Edit Launch day' }).waitFor();
    const [imported] = await h.sql<{ clicks: number; source: string }>(
      `SELECT t.clicks::int AS clicks, t.source FROM imported_click_totals t JOIN links l ON l.id = t.link_id WHERE l.slug = $1`,
      [`launch-${tag}`],
    );
    expect(imported).toEqual({ clicks: 532, source: 'dub' });

    await panel.getByLabel('Export file').setInputFiles({
      name: 'dub-links.json',
      mimeType: 'application/json',
      buffer: Buffer.from(dubExport),
    });
    await panel.getByText('Checked: 2 already here, 1 cannot be read.').waitFor();
    expect(await panel.getByRole('button', { name: /^Import \d/ }).count()).toBe(0);
    await context.close();
  });
});
