import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startPwaHarness, type PwaHarness } from './harness';
import { eventually, newEmail, signInInUi, signUpOverApi, waitForSynced, watch } from './helpers';

/**
 * Per-field conflicts (D-500), two people on two devices: an edit made offline that meets a newer
 * one keeps the newer text, shows the author both side by side, and "Keep mine" puts the author's
 * text back everywhere; an offline edit of another field simply merges.
 */
let h: PwaHarness;
const ownerEmail = newEmail('olga');
const colleagueEmail = newEmail('carl');
let owner: { userId: string; workspaceId: string };

beforeAll(async () => {
  h = await startPwaHarness();
  owner = await signUpOverApi(h.base, 'Olga', ownerEmail);
  const colleague = await signUpOverApi(h.base, 'Carl', colleagueEmail);
  await h.sql('UPDATE users SET email_verified_at = now() WHERE id = ANY($1)', [
    [owner.userId, colleague.userId],
  ]);
  await h.sql(`UPDATE workspaces SET current_plan_key = 'pro' WHERE id = $1`, [owner.workspaceId]);
  await h.sql(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'editor')`, [
    owner.workspaceId,
    colleague.userId,
  ]);
}, 180_000);
afterAll(async () => {
  await h?.stop();
});

const POLL = { timeout: 15_000 };

async function signedIn(email: string, label: string): Promise<Page> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  watch(page, label);
  await signInInUi(page, h.base, email);
  return page;
}

/** The owner's new page with one heading block; returns its id and the block's. */
async function pageWithHeading(page: Page, handle: string): Promise<{ pageId: string; blockId: string }> {
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Bio pages' }).click();
  await page.getByLabel('Handle').fill(handle);
  await page.getByLabel('Title', { exact: true }).fill('Spring market');
  await page.getByRole('button', { name: 'Create page' }).click();
  await page.getByRole('heading', { name: `@${handle}` }).waitFor();
  await page.getByLabel('Add a block').selectOption('header');
  await page.getByLabel('Heading text', { exact: true }).fill('Opening hours');
  await page.getByRole('button', { name: 'Add heading' }).click();
  const [row] = await eventually(
    () =>
      h.sql<{ page_id: string; block_id: string }>(
        `SELECT p.id AS page_id, b.id AS block_id FROM bio_pages p JOIN bio_blocks b ON b.page_id = p.id
         WHERE p.handle = $1`,
        [handle],
      ),
    (rows) => rows.length === 1,
  );
  await waitForSynced(page);
  return { pageId: row?.page_id ?? '', blockId: row?.block_id ?? '' };
}

/** Opens the page's editor on a colleague's device (in the owner's workspace). */
async function openAsColleague(pageId: string): Promise<Page> {
  const page = await signedIn(colleagueEmail, 'carl');
  await page.getByLabel('Workspace').selectOption({ label: "Olga's workspace (editor)" });
  await page.goto(`${h.base}/pages/${pageId}`);
  await page.getByLabel('Page title').waitFor();
  return page;
}

async function goOffline(context: BrowserContext, page: Page): Promise<void> {
  await context.setOffline(true);
  await context.route(/\/(replicache|api|v1|healthz)/, (route) => route.abort('internetdisconnected'));
  await page.locator('[role=status][data-state="offline"]').waitFor();
}

async function goOnline(context: BrowserContext, page: Page): Promise<void> {
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

async function saveTitle(page: Page, title: string): Promise<void> {
  await page.getByLabel('Page title').fill(title);
  await page.getByRole('button', { name: 'Save text' }).click();
  await page.getByTestId('text-saved').waitFor();
}

async function saveHeading(page: Page, text: string): Promise<void> {
  await page.locator('.blocks-list > li').first().getByRole('button', { name: 'Edit', exact: true }).click();
  await page.getByLabel('Heading text', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Save block' }).click();
  await page.getByRole('button', { name: 'Save block' }).waitFor({ state: 'detached' });
}

const stored = async (pageId: string, blockId: string) => {
  const [p] = await h.sql<{ title: string; bio: string | null }>(
    'SELECT title, bio FROM bio_pages WHERE id = $1',
    [pageId],
  );
  const [b] = await h.sql<{ text: string }>("SELECT data->>'text' AS text FROM bio_blocks WHERE id = $1", [
    blockId,
  ]);
  return { title: p?.title, bio: p?.bio ?? null, heading: b?.text };
};

const conflictsOf = (userId: string, pageId: string) =>
  h.sql<{ code: string }>('SELECT code FROM sync_notices WHERE user_id = $1 AND resource_id = $2', [
    userId,
    pageId,
  ]);

/** What a device shows: the page title field and the heading block's summary. */
const shown = async (page: Page) => ({
  title: await page.getByLabel('Page title').inputValue(),
  heading: (await page.locator('.blocks-list > li').first().innerText()).replace(/\s+/g, ' '),
});

describe('two people edit one bio page, one of them offline', () => {
  it('the same two fields: the newer text stays, the owner sees both and "Keep mine" puts hers back everywhere', async () => {
    const olga = await signedIn(ownerEmail, 'olga');
    const { pageId, blockId } = await pageWithHeading(olga, `olga${Date.now().toString(36)}`);
    const carl = await openAsColleague(pageId);

    await goOffline(olga.context(), olga);
    await saveTitle(olga, 'Spring market (Olga)');
    await saveHeading(olga, 'Open 9 to 5');
    await olga.locator('[role=status][data-pending="2"]').waitFor();

    await saveTitle(carl, 'Spring market (Carl)');
    await saveHeading(carl, 'Open 10 to 6');
    await expect
      .poll(() => stored(pageId, blockId), POLL)
      .toEqual({ title: 'Spring market (Carl)', bio: expect.anything() as unknown, heading: 'Open 10 to 6' });
    await waitForSynced(carl);

    await goOnline(olga.context(), olga);
    await waitForSynced(olga);
    // The newer text is kept: in the database and on both screens.
    expect(await stored(pageId, blockId)).toMatchObject({
      title: 'Spring market (Carl)',
      heading: 'Open 10 to 6',
    });
    for (const device of [olga, carl])
      await expect
        .poll(() => shown(device), POLL)
        .toEqual({
          title: 'Spring market (Carl)',
          heading: expect.stringContaining('Open 10 to 6') as unknown,
        });
    expect(await conflictsOf(owner.userId, pageId)).toHaveLength(2);

    // The owner's editor shows each field's two texts side by side, and the choice.
    const cards = olga.getByRole('region', { name: 'Changes that met a newer edit' }).getByTestId('conflict');
    await expect.poll(() => cards.count(), POLL).toBe(2);
    const pairs = async () =>
      Promise.all(
        (await cards.all()).map(async (card) => ({
          mine: await card.getByTestId('conflict-mine').innerText(),
          theirs: await card.getByTestId('conflict-theirs').innerText(),
        })),
      );
    expect(await pairs()).toEqual(
      expect.arrayContaining([
        { mine: 'Spring market (Olga)', theirs: 'Spring market (Carl)' },
        { mine: 'Open 9 to 5', theirs: 'Open 10 to 6' },
      ]),
    );
    for (const card of await cards.all()) {
      await card.getByRole('button', { name: 'Keep theirs' }).waitFor();
      await card.getByRole('button', { name: 'Keep mine' }).waitFor();
    }

    // "Keep mine", card by card: the owner's texts everywhere, and the cards go.
    await cards.first().getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(() => cards.count(), POLL).toBe(1);
    await cards.first().getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(() => cards.count(), POLL).toBe(0);
    await expect
      .poll(() => stored(pageId, blockId), POLL)
      .toMatchObject({ title: 'Spring market (Olga)', heading: 'Open 9 to 5' });
    for (const device of [olga, carl])
      await expect
        .poll(() => shown(device), POLL)
        .toEqual({
          title: 'Spring market (Olga)',
          heading: expect.stringContaining('Open 9 to 5') as unknown,
        });
    // Keeping mine is a fresh edit over the kept text, not a second conflict.
    await waitForSynced(olga);
    expect(await conflictsOf(owner.userId, pageId)).toHaveLength(2);
    const [open] = await h.sql<{ n: string }>(
      'SELECT count(*) AS n FROM sync_notices WHERE user_id = $1 AND resource_id = $2 AND deleted_at IS NULL',
      [owner.userId, pageId],
    );
    expect(Number(open?.n)).toBe(0);
    await olga.context().close();
    await carl.context().close();
  }, 240_000);

  it('different fields: the offline title and the colleague’s bio both survive, with no conflict', async () => {
    const olga = await signedIn(ownerEmail, 'olga');
    const { pageId, blockId } = await pageWithHeading(olga, `olgb${Date.now().toString(36)}`);
    const carl = await openAsColleague(pageId);

    await goOffline(olga.context(), olga);
    await saveTitle(olga, 'Summer market');

    await carl.getByRole('textbox', { name: 'Bio', exact: true }).fill('Every Saturday by the river.');
    await carl.getByRole('button', { name: 'Save text' }).click();
    await expect
      .poll(() => stored(pageId, blockId), POLL)
      .toMatchObject({ title: 'Spring market', bio: 'Every Saturday by the river.' });

    await goOnline(olga.context(), olga);
    await expect
      .poll(() => stored(pageId, blockId), POLL)
      .toEqual({ title: 'Summer market', bio: 'Every Saturday by the river.', heading: 'Opening hours' });
    for (const device of [olga, carl]) {
      await expect.poll(() => device.getByLabel('Page title').inputValue(), POLL).toBe('Summer market');
      await expect
        .poll(() => device.getByRole('textbox', { name: 'Bio', exact: true }).inputValue(), POLL)
        .toBe('Every Saturday by the river.');
    }
    await waitForSynced(olga);
    expect(await conflictsOf(owner.userId, pageId)).toEqual([]);
    expect(await olga.getByTestId('conflict').count()).toBe(0);
    await olga.context().close();
    await carl.context().close();
  }, 240_000);
});
