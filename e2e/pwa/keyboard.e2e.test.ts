import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwaHarness, type PwaHarness } from './harness';
import { newEmail, signUpInUi, watch } from './helpers';

/**
 * The editor with the keyboard alone. An editor opens above the list (a link's, a QR code's) or in
 * place of it (a bio page's): the focus moves to its heading, so the next Tab reaches its first
 * field instead of the row that opened it, now below the editor or gone.
 */
let h: PwaHarness;
beforeAll(async () => {
  h = await startPwaHarness();
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    if (!(el instanceof HTMLElement)) return '';
    const label = el instanceof HTMLInputElement ? (el.labels?.[0]?.textContent ?? '') : '';
    return `${el.tagName.toLowerCase()}: ${label || el.getAttribute('aria-label') || el.textContent || ''}`.trim();
  });

describe('the editor by keyboard', () => {
  it('opens each editor with the focus on its heading, and creates a link without the mouse', async () => {
    const context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    watch(page, 'keyboard');
    await signUpInUi(page, h.base, 'Kim Keys', newEmail('keys'));

    await page.getByRole('button', { name: 'New link' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('h2: New link');
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toBe('input: Destination URL');
    await page.keyboard.type('keys.example/only');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(focused(page)).resolves.toBe('input: Title');
    await page.keyboard.type('Keyboard only');
    await page.keyboard.press('Enter');
    // Saved: the link's own editor opens, focused the same way.
    await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('h2: Link Keyboard only');
    await expect(page.getByLabel('Destination URL').inputValue()).resolves.toBe('https://keys.example/only');

    await page.goto(`${h.base}/links`);
    await page.getByRole('button', { name: 'Edit Keyboard only' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('h2: Link Keyboard only');

    await page.goto(`${h.base}/qr`);
    await page.getByRole('button', { name: 'New QR code' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => focused(page), { timeout: 10_000 }).toBe('h2: New QR code');

    await page.goto(`${h.base}/pages`);
    await page.getByLabel('Handle').fill(`keys${Date.now().toString(36)}`);
    await page.getByLabel('Title', { exact: true }).fill('Keyboard page');
    await page.getByRole('button', { name: 'Create page' }).click();
    await expect.poll(() => focused(page), { timeout: 10_000 }).toMatch(/^h2: @keys/);
    await context.close();
  }, 180_000);
});
