import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPwaHarness, type PwaHarness } from './harness';
import { eventually, newEmail, signInInUi, signUpOverApi, watch } from './helpers';

/**
 * Block order on a slow device: Chromium's CPU throttled 20× (as a low-end phone), where the list on
 * screen lags the store by up to ~2 s (store answers render as transitions). Quick clicks and quick
 * appends still end in the order the user asked for, on the server.
 */
let h: PwaHarness;

beforeAll(async () => {
  h = await startPwaHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

/** A new account per test: the free plan holds one bio page. */
async function signedIn(label: string): Promise<Page> {
  const email = newEmail(label);
  await signUpOverApi(h.base, 'Bo', email);
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  watch(page, label);
  await signInInUi(page, h.base, email);
  return page;
}

async function createPage(page: Page, handle: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Bio pages' }).click();
  await page.getByLabel('Handle').fill(handle);
  await page.getByRole('button', { name: 'Create page' }).click();
  await page.getByRole('heading', { name: `@${handle}` }).waitFor();
}

async function addHeading(page: Page, text: string): Promise<void> {
  await page.getByLabel('Add a block').selectOption('header');
  await page.getByLabel('Heading text', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Add heading' }).click();
}

async function slowDown(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
}

/** The page's blocks as the server orders them (`ORDER BY position, id`, bytewise). */
const serverOrder = (handle: string) =>
  h.sql<{ id: string; text: string; position: string }>(
    `SELECT b.id, b.data->>'text' AS text, b.position FROM bio_blocks b JOIN bio_pages p ON p.id = b.page_id
     WHERE p.handle = $1 AND b.deleted_at IS NULL ORDER BY b.position COLLATE "C", b.id`,
    [handle],
  );

const shownIds = (page: Page) =>
  page.locator('.blocks-list > li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-block-id')));

describe('block order on a slow device', () => {
  it('two quick clicks on one block’s “up”, on a page whose stored keys the library refuses, move it up two places', async () => {
    const page = await signedIn('two-ups');
    const handle = `ups${Date.now().toString(36)}`;
    await createPage(page, handle);
    for (const text of ['First', 'Second', 'Third']) await addHeading(page, text);
    const rows = await eventually(
      () => serverOrder(handle),
      (r) => r.length === 3,
    );
    // Keys an old seed wrote (`a000`…), which fractional-indexing refuses: each move renumbers the list.
    for (const [i, row] of rows.entries())
      await h.sql('UPDATE bio_blocks SET position = $2, updated_at = now() WHERE id = $1', [
        row.id,
        `a00${i}`,
      ]);
    await page.reload();
    await eventually(
      () => page.locator('.blocks-list > li').first().getAttribute('data-position'),
      (v) => v === 'a000',
    );
    const [first, second, third] = rows.map((r) => r.id);
    expect(await shownIds(page)).toEqual([first, second, third]);

    await slowDown(page);
    // A double click on Third's "up": both clicks land before the list shows the first move.
    await page
      .locator(`.blocks-list > li[data-block-id="${third}"]`)
      .getByRole('button', { name: /^Move block \d up$/ })
      .click({ clickCount: 2 });

    const final = await eventually(
      () => serverOrder(handle),
      (r) => r[0]?.text === 'Third',
    );
    expect(final.map((r) => r.text)).toEqual(['Third', 'First', 'Second']);
    await eventually(
      () => shownIds(page),
      (ids) => ids.join() === [third, first, second].join(),
    );
    expect(
      await page.locator('section[aria-labelledby=blocks-title] > [aria-live=polite]').textContent(),
    ).toBe('Moved “Third” to position 1 of 3.');
    // The button follows its block and keeps the keyboard's place: Third's "up" is now disabled.
    expect(await page.getByRole('button', { name: 'Move block 1 up' }).isDisabled()).toBe(true);

    // By keyboard: Enter on Second's "up" (row 3). Focus stays on that button, now in row 2.
    const secondUp = page
      .locator(`.blocks-list > li[data-block-id="${second}"]`)
      .getByRole('button', { name: /^Move block \d up$/ });
    await secondUp.focus();
    await page.keyboard.press('Enter');
    const byKeyboard = await eventually(
      () => serverOrder(handle),
      (r) => r[1]?.text === 'Second',
    );
    expect(byKeyboard.map((r) => r.text)).toEqual(['Third', 'Second', 'First']);
    await eventually(
      () => shownIds(page),
      (ids) => ids.join() === [third, second, first].join(),
    );
    expect(
      await page.locator('section[aria-labelledby=blocks-title] > [aria-live=polite]').textContent(),
    ).toBe('Moved “Second” to position 2 of 3.');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Move block 2 up',
    );
    expect(await secondUp.evaluate((button) => button === document.activeElement)).toBe(true);

    // And down: Enter on Third's "down" (row 1). React moves that row's node, and focus stays on its button.
    const thirdDown = page
      .locator(`.blocks-list > li[data-block-id="${third}"]`)
      .getByRole('button', { name: /^Move block \d down$/ });
    await thirdDown.focus();
    await page.keyboard.press('Enter');
    const downward = await eventually(
      () => serverOrder(handle),
      (r) => r[1]?.text === 'Third',
    );
    expect(downward.map((r) => r.text)).toEqual(['Second', 'Third', 'First']);
    await eventually(
      () => shownIds(page),
      (ids) => ids.join() === [second, third, first].join(),
    );
    expect(
      await page.locator('section[aria-labelledby=blocks-title] > [aria-live=polite]').textContent(),
    ).toBe('Moved “Third” to position 2 of 3.');
    expect(await thirdDown.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.getByRole('alert').filter({ hasText: 'did not work' }).count()).toBe(0);
    await page.context().close();
  }, 180_000);

  it('two appends in quick succession get their own keys, in the order they were added', async () => {
    const page = await signedIn('two-appends');
    const handle = `adds${Date.now().toString(36)}`;
    await createPage(page, handle);
    await addHeading(page, 'One');
    await eventually(
      () => serverOrder(handle),
      (r) => r.length === 1,
    );
    await slowDown(page);
    await addHeading(page, 'Two');
    await addHeading(page, 'Three');
    const final = await eventually(
      () => serverOrder(handle),
      (r) => r.length === 3,
    );
    expect(final.map((r) => r.text)).toEqual(['One', 'Two', 'Three']);
    expect(new Set(final.map((r) => r.position)).size).toBe(3);
    expect(await page.getByRole('alert').filter({ hasText: 'did not work' }).count()).toBe(0);
    await page.context().close();
  }, 180_000);
});
