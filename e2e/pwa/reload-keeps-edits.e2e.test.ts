import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPwaHarness, type PwaHarness } from './harness';
import { eventually, newEmail, serviceWorkerReady, signUpInUi, waitForSynced, watch } from './helpers';

/**
 * Promise 4 ("nothing a user typed is lost"): an edit the server has not got yet survives a reload
 * made the moment the editor shows it, offline or with the push failing, and reaches the server
 * afterwards. Replicache on its own writes its memory to IndexedDB up to ~1.5 s after a change, so a
 * reload inside that window used to drop the edit for good; writing at once still lost the race to
 * the screen on a slow CPU, so the store now shows a change only once it is on disk (D-430).
 */
let h: PwaHarness;
beforeAll(async () => {
  h = await startPwaHarness();
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

type Opened = { context: BrowserContext; page: Page; linkId: string; persistErrors: string[] };

/** A new user with one synced link, its editor open. */
async function withOneLink(name: string): Promise<Opened> {
  const context = await h.browser.newContext();
  const page = await context.newPage();
  watch(page, name);
  // Replicache logs a refused or failed IndexedDB write ("Error during persist").
  const persistErrors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && /persist/i.test(m.text())) persistErrors.push(m.text());
  });
  await signUpInUi(page, h.base, name, newEmail(name));
  await serviceWorkerReady(page);
  const slug = `${name}-${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'New link' }).click();
  await page.getByLabel('Destination URL').fill('https://shop.example/first');
  await page.getByLabel('Slug').fill(slug);
  await page.getByLabel('Title', { exact: true }).fill('Title 0');
  await page.getByRole('button', { name: 'Create link' }).click();
  const [row] = await eventually(
    () => h.sql<{ id: string }>('SELECT id FROM links WHERE slug = $1', [slug]),
    (rows) => rows.length === 1,
  );
  await waitForSynced(page);
  await page.getByRole('button', { name: 'Edit Title 0' }).click();
  await page.getByRole('heading', { name: 'Link Title 0' }).waitFor();
  return { context, page, linkId: row?.id ?? '', persistErrors };
}

/**
 * Saves the titles one after another (each shown by the editor, from the store, before the next),
 * then reloads at once: a user who types, saves and closes or refreshes the tab.
 */
async function editThenReload(page: Page, titles: string[]): Promise<void> {
  // A slow device (or a loaded machine): the page's CPU at a quarter speed, so rendering the change
  // does not reliably take longer than writing it to IndexedDB.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (const title of titles) {
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: `Link ${title}` }).waitFor();
  }
  await page.reload();
}

/** The title the list shows for the link after the reload (read from the local store). */
async function shownTitle(page: Page, linkId: string): Promise<string | null> {
  const row = page.locator(`.vrow[data-link-id="${linkId}"]`);
  await row.waitFor();
  return row.getByRole('button').first().textContent();
}

const serverTitle = async (linkId: string) =>
  (await h.sql<{ title: string }>('SELECT title FROM links WHERE id = $1', [linkId]))[0]?.title;

/** The server ends with `title`, the device shows everything synced, and no write to disk failed. */
async function syncedTo(opened: Opened, title: string): Promise<void> {
  await eventually(
    () => serverTitle(opened.linkId),
    (stored) => stored === title,
  );
  await waitForSynced(opened.page);
  expect(opened.persistErrors).toEqual([]);
  await opened.context.close();
}

describe('a reload right after an edit keeps it (promise 4)', () => {
  it('offline: two quick edits, a reload at once; both kept, and the server gets them once online', async () => {
    const opened = await withOneLink('ofra');
    const { context, page, linkId } = opened;
    await context.setOffline(true);
    await context.route(/\/(replicache|api|v1|healthz)/, (route) => route.abort('internetdisconnected'));
    await page.locator('[role=status][data-state="offline"]').waitFor();

    await editThenReload(page, ['Title 1', 'Title 2']);
    expect(await shownTitle(page, linkId)).toBe('Title 2');
    await page.locator('[role=status][data-pending="2"]').waitFor();

    await context.unrouteAll();
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await syncedTo(opened, 'Title 2');
  }, 120_000);

  it('online with every push failing: two quick edits, a reload at once; kept, and pushed once the server answers', async () => {
    const opened = await withOneLink('pim');
    const { context, page, linkId } = opened;
    // The context's route also sees requests a service worker makes.
    await context.route('**/replicache/push', (route) => route.abort('connectionreset'));

    await editThenReload(page, ['Title 1', 'Title 2']);
    expect(await shownTitle(page, linkId)).toBe('Title 2');
    expect(await serverTitle(linkId)).toBe('Title 0');

    await context.unrouteAll();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await syncedTo(opened, 'Title 2');
  }, 120_000);

  it('online with a slow server: two quick edits, a reload while the push is still waiting; kept, and pushed', async () => {
    const { context, page, linkId, persistErrors } = await withOneLink('sol');
    // Each push reaches the server 3 s late (one cut short by the reload is simply dropped).
    await context.route('**/replicache/push', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue().catch(() => undefined);
    });

    await editThenReload(page, ['Title 1', 'Title 2']);
    expect(await shownTitle(page, linkId)).toBe('Title 2');

    await eventually(
      () => serverTitle(linkId),
      (title) => title === 'Title 2',
      30_000,
    );
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await waitForSynced(page);
    expect(persistErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
