import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPwaHarness, type PwaHarness } from './harness';
import { eventually, newEmail, seriousViolations, signInInUi, signUpOverApi, watch } from './helpers';

/**
 * Every change is history (D-505): two members edit one link's title, the link editor's Change
 * history names who did what from which device, and "Restore this value" brings an overwritten
 * title back everywhere as a fresh, recorded change.
 */
let h: PwaHarness;
const annaEmail = newEmail('anna');
const brunoEmail = newEmail('bruno');

beforeAll(async () => {
  h = await startPwaHarness();
  const anna = await signUpOverApi(h.base, 'Anna', annaEmail);
  const bruno = await signUpOverApi(h.base, 'Bruno', brunoEmail);
  await h.sql('UPDATE users SET email_verified_at = now() WHERE id = ANY($1)', [[anna.userId, bruno.userId]]);
  await h.sql(`UPDATE workspaces SET current_plan_key = 'pro' WHERE id = $1`, [anna.workspaceId]);
  await h.sql(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'editor')`, [
    anna.workspaceId,
    bruno.userId,
  ]);
}, 120_000);
afterAll(async () => {
  await h?.stop();
});

async function signedIn(email: string, label: string): Promise<Page> {
  const context = await h.browser.newContext({ viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  watch(page, label);
  await signInInUi(page, h.base, email);
  return page;
}

const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).click();

const titleOf = async (id: string) =>
  (await h.sql<{ title: string | null }>('SELECT title FROM links WHERE id = $1', [id]))[0]?.title ?? null;

async function saveTitle(page: Page, id: string, title: string): Promise<void> {
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await eventually(
    () => titleOf(id),
    (t) => t === title,
  );
}

describe('change history in the link editor', () => {
  it('lists three title changes by two people, and restoring the first value puts it back everywhere as a fourth', async () => {
    const anna = await signedIn(annaEmail, 'anna');
    const slug = `sale${Date.now().toString(36)}`;
    await section(anna, 'Links');
    await anna.getByRole('button', { name: 'New link' }).click();
    await anna.getByLabel('Destination URL').fill('https://shop.example/');
    await anna.getByLabel('Slug').fill(slug);
    await anna.getByRole('button', { name: 'Create link' }).click();
    await anna.getByRole('button', { name: 'Save changes' }).waitFor();
    const [row] = await eventually(
      () => h.sql<{ id: string }>('SELECT id FROM links WHERE slug = $1', [slug]),
      (rows) => rows.length === 1,
    );
    const id = row?.id ?? '';
    await saveTitle(anna, id, 'Spring sale');
    await saveTitle(anna, id, 'Spring sale ends Sunday');

    const bruno = await signedIn(brunoEmail, 'bruno');
    await bruno.getByLabel('Workspace').selectOption({ label: "Anna's workspace (editor)" });
    await section(bruno, 'Links');
    await bruno.getByRole('button', { name: 'Edit Spring sale ends Sunday' }).click();
    await saveTitle(bruno, id, 'Summer sale');

    const history = anna.getByRole('region', { name: 'Change history' });
    const titleChanges = history.locator('li:has([data-field="title"])');
    await eventually(
      async () => {
        if ((await titleChanges.count()) < 3)
          await history.getByRole('button', { name: 'Refresh history' }).click();
        return titleChanges.count();
      },
      (n) => n === 3,
    );
    const who = await titleChanges.locator('.history-who strong').allTextContents();
    expect(who).toEqual(['Bruno', 'Anna', 'Anna']);
    const lines = await titleChanges.locator('.history-who').allTextContents();
    // The device by its browser family only: no version, no User-Agent.
    for (const line of lines) expect(line).toMatch(/· Chrome on Linux$/);
    const oldest = titleChanges.last();
    expect(await oldest.locator('[data-field="title"] dd').innerText()).toMatch(
      /^“?\(empty\)”? → “?Spring sale”?/,
    );

    // Restore the first value Anna gave it, on a phone-sized screen.
    await anna.setViewportSize({ width: 390, height: 844 });
    await oldest.getByRole('button', { name: /^Restore this value\s*\(Title: “Spring sale”\)$/ }).click();
    await eventually(
      () => titleOf(id),
      (t) => t === 'Spring sale',
    );
    // Everywhere: Bruno's open editor follows, and so does Anna's form.
    await expect.poll(() => bruno.getByLabel('Title').inputValue(), { timeout: 15_000 }).toBe('Spring sale');
    await expect.poll(() => anna.getByLabel('Title').inputValue(), { timeout: 15_000 }).toBe('Spring sale');
    // The restore is itself a change: a fourth entry, Anna's, from the value Bruno saved.
    await eventually(
      async () => {
        if ((await titleChanges.count()) < 4)
          await history.getByRole('button', { name: 'Refresh history' }).click();
        return titleChanges.count();
      },
      (n) => n === 4,
    );
    expect(await titleChanges.first().locator('.history-who strong').textContent()).toBe('Anna');
    expect(await titleChanges.first().locator('[data-field="title"] dd').innerText()).toMatch(
      /Summer sale”? → “?Spring sale/,
    );
    expect(await anna.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(anna)).toEqual([]);
    const [entries] = await h.sql<{ n: string }>(
      "SELECT count(*) AS n FROM audit_log_entries WHERE resource_id = $1 AND changes->'after' ? 'title'",
      [id],
    );
    expect(Number(entries?.n)).toBe(4);
    await anna.context().close();
    await bruno.context().close();
  }, 180_000);
});
