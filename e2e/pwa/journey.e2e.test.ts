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

    // A bio page with three blocks, synced.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Bio pages' }).click();
    const handle = `maya${Date.now().toString(36)}`;
    await page.getByLabel('Handle').fill(handle);
    await page.getByRole('button', { name: 'Create page' }).click();
    for (const text of ['One', 'Two', 'Three']) {
      await page.getByLabel('Add a block').selectOption('header');
      await page.getByLabel('Heading text').fill(text);
      await page.getByRole('button', { name: 'Add heading' }).click();
    }
    const order = (pageId: string) => h.sql<{ text: string }>(`SELECT data->>'text' AS text FROM bio_blocks WHERE page_id = $1 ORDER BY position COLLATE "C"`, [pageId]);
    const [bio] = await eventually(() => h.sql<{ id: string }>('SELECT id FROM bio_pages WHERE handle = $1', [handle]), (rows) => rows.length === 1);
    const pageId = bio?.id ?? '';
    await eventually(() => order(pageId), (rows) => rows.length === 3);
    const pageUrl = page.url();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Links' }).click();

    // A second device of the same user, open on the list.
    const other = await h.browser.newContext();
    const second = await other.newPage();
    watch(second, 'second');
    await signInInUi(second, h.base, email);
    await second.getByRole('button', { name: 'Edit Spring sale' }).click();
    // The second device keeps this form open (still showing the old destination) throughout.
    await second.getByRole('heading', { name: 'Link Spring sale' }).waitFor();

    // Offline: edit the destination, then reload with no network at all.
    await context.setOffline(true);
    // Belt and braces: requests a service worker makes are not always covered by the emulation.
    await context.route(/\/(replicache|api|v1|healthz)/, (route) => route.abort('internetdisconnected'));
    await page.locator('[role=status][data-state="offline"]').waitFor();
    await page.getByRole('button', { name: 'Edit Spring sale' }).click();
    await page.getByLabel('Destination URL').fill('https://shop.example/summer');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('[role=status][data-pending="1"]').waitFor();
    await page.waitForTimeout(2500); // Replicache's IndexedDB write, see below
    await page.reload();
    await page.getByRole('heading', { name: 'Links', level: 1 }).waitFor();
    expect(await page.getByLabel('Destination URL').inputValue()).toBe('https://shop.example/summer');
    // Still offline: move "Three" to the top, and reload again.
    await page.goto(pageUrl);
    await page.getByRole('button', { name: 'Move block 3 up' }).click();
    await page.locator('.blocks-list > li').nth(1).getByText('Three').waitFor();
    await page.getByRole('button', { name: 'Move block 2 up' }).click();
    await page.locator('.blocks-list > li').first().getByText('Three').waitFor();
    await page.locator('[role=status][data-pending="3"]').waitFor();
    // Replicache writes its memory state to IndexedDB on its own schedule (about a second), with no
    // API to flush it; a reload inside that window would drop the newest changes (DECISIONS.md).
    await page.waitForTimeout(2500);
    await page.reload();
    await page.locator('.blocks-list > li').first().getByText('Three').waitFor();

    // Online again: the change is pushed, the server has it, the other device shows it unprompted.
    await context.unrouteAll();
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await eventually(
      () => h.sql<{ destination_url: string }>('SELECT destination_url FROM links WHERE id = $1', [row?.id]),
      (rows) => rows[0]?.destination_url === 'https://shop.example/summer',
    );
    await eventually(() => order(pageId), (rows) => rows.map((r) => r.text).join() === 'Three,One,Two');
    await waitForSynced(page);
    await second.locator('.vrow', { hasText: 'https://shop.example/summer' }).waitFor({ timeout: 10_000 });

    // Field-level merge: the second device saves only what it changed (the title), so its stale
    // destination does not overwrite the first device's edit.
    expect(await second.getByLabel('Destination URL').inputValue()).toBe('https://shop.example/spring');
    await second.getByLabel('Title').fill('Spring sale, extended');
    await second.getByRole('button', { name: 'Save changes' }).click();
    const [merged] = await eventually(
      () => h.sql<{ title: string; destination_url: string }>('SELECT title, destination_url FROM links WHERE id = $1', [row?.id]),
      (rows) => rows[0]?.title === 'Spring sale, extended',
    );
    expect(merged?.destination_url).toBe('https://shop.example/summer');
    await other.close();
    await context.close();
  }, 120_000);
});
