import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwaHarness, type PwaHarness } from './harness';
import { eventually, newEmail, serviceWorkerReady, signInInUi, signUpInUi, waitForSynced, watch } from './helpers';

/**
 * DESIGN §5 in a real browser: a new user signs up and creates a link; offline, they change its
 * destination and reload (the shell from the service worker, the data from IndexedDB); back online
 * the change reaches the server and another signed-in browser sees it without reloading (poke).
 */
let h: PwaHarness;
beforeAll(async () => {
  h = await startPwaHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

describe('the editor, offline first', () => {
  it('creates a link, edits it offline across a reload, and syncs it to the server and a second device', async () => {
    const email = newEmail('maya');
    const context = await h.browser.newContext();
    const page = await context.newPage();
    watch(page, 'first');
    await signUpInUi(page, h.base, 'Maya', email);
    await serviceWorkerReady(page);

    await page.getByRole('button', { name: 'New link' }).click();
    await page.getByLabel('Destination URL').fill('https://shop.example/spring');
    await page.getByLabel('Slug').fill('spring-sale');
    await page.getByLabel('Title').fill('Spring sale');
    await page.getByRole('button', { name: 'Create link' }).click();
    await page.getByRole('button', { name: 'Edit Spring sale' }).waitFor();
    const [row] = await eventually(
      () => h.sql<{ id: string; destination_url: string }>('SELECT id, destination_url FROM links WHERE slug = $1', ['spring-sale']),
      (rows) => rows.length === 1,
    );
    expect(row?.destination_url).toBe('https://shop.example/spring');

    // A second device of the same user, open on the list.
    const other = await h.browser.newContext();
    const second = await other.newPage();
    watch(second, 'second');
    await signInInUi(second, h.base, email);
    await second.getByRole('button', { name: 'Edit Spring sale' }).waitFor();

    // Offline: edit the destination, then reload with no network at all.
    await context.setOffline(true);
    await page.locator('[role=status][data-state="offline"]').waitFor();
    await page.getByRole('button', { name: 'Edit Spring sale' }).click();
    await page.getByLabel('Destination URL').fill('https://shop.example/summer');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('[role=status][data-pending="1"]').waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    expect(await page.getByLabel('Destination URL').inputValue()).toBe('https://shop.example/summer');
    expect(await h.sql('SELECT 1 FROM links WHERE destination_url = $1', ['https://shop.example/summer'])).toHaveLength(0);

    // Online again: the change is pushed, the server has it, the other device shows it unprompted.
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await eventually(
      () => h.sql<{ destination_url: string }>('SELECT destination_url FROM links WHERE id = $1', [row?.id]),
      (rows) => rows[0]?.destination_url === 'https://shop.example/summer',
    );
    await waitForSynced(page);
    await second.locator('.vrow', { hasText: 'https://shop.example/summer' }).waitFor({ timeout: 10_000 });
    await other.close();
    await context.close();
  }, 120_000);
});
