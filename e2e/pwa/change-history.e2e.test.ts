import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startPwaHarness, type PwaHarness } from './harness';
import { eventually, newEmail, seriousViolations, signInInUi, signUpOverApi, watch } from './helpers';

/**
 * Every change is history (D-505): two members edit one link's title, the link editor's Change
 * history names who did what from which device, and "Restore this value" brings an overwritten
 * title back everywhere as a fresh, recorded change. Any field restores (D-560): a link's targeting
 * rules and split, a QR code's design, a block's place on its page and a removed block.
 */
let h: PwaHarness;
let annaToken = '';
let annaWorkspace = '';
const annaEmail = newEmail('anna');
const brunoEmail = newEmail('bruno');

beforeAll(async () => {
  h = await startPwaHarness();
  const anna = await signUpOverApi(h.base, 'Anna', annaEmail);
  annaToken = anna.token;
  annaWorkspace = anna.workspaceId;
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
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await eventually(
    () => titleOf(id),
    (t) => t === title,
  );
}

/** Older changes are made over the API (an API key of Anna's), as an integration would make them. */
async function apiKey(scopes: string[]): Promise<string> {
  const res = await fetch(`${h.base}/api/workspaces/${annaWorkspace}/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${annaToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'History e2e', scopes }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { key: string } }).data.key;
}

async function v1(key: string, method: string, path: string, body: unknown): Promise<{ id: string }> {
  const res = await fetch(`${h.base}/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return (JSON.parse(text) as { data: { id: string } }).data;
}

/**
 * The later changes (not the creation, not a block's adding) of the open history that change
 * `field`, newest first, refreshed until there are `n`: a list loaded before the last edit would
 * otherwise offer an older entry at the same place.
 */
async function entriesChanging(page: Page, field: string, n: number) {
  const history = page.getByRole('region', { name: 'Change history' });
  const entries = history.locator(
    `li:not([data-action$=".created"]):not([data-action$=".added"]):has([data-field="${field}"])`,
  );
  await eventually(
    async () => {
      if ((await entries.count()) < n) await history.getByRole('button', { name: 'Refresh history' }).click();
      return entries.count();
    },
    (count) => count >= n,
  );
  return entries;
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
    await expect
      .poll(() => bruno.getByLabel('Title', { exact: true }).inputValue(), { timeout: 15_000 })
      .toBe('Spring sale');
    await expect
      .poll(() => anna.getByLabel('Title', { exact: true }).inputValue(), { timeout: 15_000 })
      .toBe('Spring sale');
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

  it('restores a link’s targeting rules and split, a QR code’s design, a block’s place and a removed block', async () => {
    const key = await apiKey([
      'links:read',
      'links:write',
      'qr:read',
      'qr:write',
      'pages:read',
      'pages:write',
    ]);
    const slug = `rules${Date.now().toString(36)}`;
    const link = await v1(key, 'POST', '/links', {
      destination_url: 'https://shop.example/',
      slug,
      title: 'Rules and split',
    });
    const germany = [
      { conditions: [{ kind: 'country', values: ['DE'] }], destination_url: 'https://shop.example/de' },
    ];
    const france = [
      { conditions: [{ kind: 'country', values: ['FR'] }], destination_url: 'https://shop.example/fr' },
    ];
    await v1(key, 'PATCH', `/links/${link.id}`, {
      rules: germany,
      destinations: [
        { url: 'https://shop.example/', weight: 70 },
        { url: 'https://shop.example/b', weight: 30 },
      ],
    });
    await v1(key, 'PATCH', `/links/${link.id}`, {
      rules: france,
      destinations: [
        { url: 'https://shop.example/', weight: 50 },
        { url: 'https://shop.example/b', weight: 50 },
      ],
    });

    const anna = await signedIn(annaEmail, 'anna-fields');
    await section(anna, 'Links');
    await anna.getByRole('button', { name: 'Edit Rules and split' }).click();
    const older = (await entriesChanging(anna, 'rules', 2)).nth(1);
    await older.getByRole('button', { name: /^Restore this value\s*\(Targeting rules:/ }).click();
    await older.getByRole('button', { name: /^Restore this value\s*\(Split destinations:/ }).click();
    const linkRow = async () =>
      (
        await h.sql<{ rules: Array<{ destination_url: string }>; weights: number[] }>(
          `SELECT rules, (SELECT array_agg((d->>'weight')::int ORDER BY o) FROM jsonb_array_elements(destinations) WITH ORDINALITY AS e(d, o)) AS weights
             FROM links WHERE id = $1`,
          [link.id],
        )
      )[0];
    await eventually(linkRow, (row) => row?.rules[0]?.destination_url === 'https://shop.example/de');
    await eventually(linkRow, (row) => row?.weights.join('/') === '70/30');
    // Each restore is a fresh change of its own.
    await entriesChanging(anna, 'destinations', 3);

    // A QR code's design: the colour it had two changes ago.
    const qr = await v1(key, 'POST', '/qr-codes', {
      destination_url: 'https://shop.example/menu',
      title: 'Menu',
    });
    await v1(key, 'PATCH', `/qr-codes/${qr.id}`, { design: { fg_color: '#1a4d2e' } });
    await v1(key, 'PATCH', `/qr-codes/${qr.id}`, { design: { fg_color: '#000000' } });
    const fg = async () =>
      (await h.sql<{ fg: string }>("SELECT design->>'fgColor' AS fg FROM qr_codes WHERE id = $1", [qr.id]))[0]
        ?.fg;
    expect(await fg()).toBe('#000000');
    await anna.goto(`${h.base}/qr/${qr.id}`);
    const designs = await entriesChanging(anna, 'design', 2);
    await designs
      .nth(1)
      .getByRole('button', { name: /^Restore this value\s*\(QR design:/ })
      .click();
    await eventually(fg, (color) => color === '#1a4d2e');

    // A page of three blocks: move the third up twice, put it back one place, remove the second.
    const handle = `hist${Date.now().toString(36)}`;
    const bio = await v1(key, 'POST', '/pages', {
      handle,
      title: 'Three blocks',
      blocks: ['Alpha', 'Bravo', 'Charlie'].map((title) => ({
        type: 'link',
        title,
        url: `https://shop.example/${title.toLowerCase()}`,
      })),
    });
    await anna.goto(`${h.base}/pages/${bio.id}`);
    const order = () => anna.locator('section[aria-labelledby="blocks-title"] ol > li').allInnerTexts();
    const titles = async () =>
      (
        await h.sql<{ title: string }>(
          'SELECT data->>\'title\' AS title FROM bio_blocks WHERE page_id = $1 AND deleted_at IS NULL ORDER BY position COLLATE "C"',
          [bio.id],
        )
      ).map((b) => b.title);
    await anna.getByRole('button', { name: 'Move block 3 up' }).click();
    await eventually(titles, (t) => t.join() === 'Alpha,Charlie,Bravo');
    await anna.getByRole('button', { name: 'Move block 2 up' }).click();
    await eventually(titles, (t) => t.join() === 'Charlie,Alpha,Bravo');
    const moves = await entriesChanging(anna, 'position', 2);
    await moves
      .nth(1)
      .getByRole('button', { name: /^Restore this value\s*\(Position on the page:/ })
      .click();
    await eventually(titles, (t) => t.join() === 'Alpha,Charlie,Bravo');

    await anna.getByRole('button', { name: 'Remove' }).nth(1).click();
    await eventually(titles, (t) => t.join() === 'Alpha,Bravo');
    const removals = await entriesChanging(anna, 'deleted_at', 1);
    await removals.first().getByRole('button', { name: 'Restore this block' }).click();
    // Back where it was, with its content, in the database and in the open editor.
    await eventually(titles, (t) => t.join() === 'Alpha,Charlie,Bravo');
    await expect
      .poll(order, { timeout: 15_000 })
      .toEqual([
        expect.stringContaining('Alpha'),
        expect.stringContaining('Charlie'),
        expect.stringContaining('Bravo'),
      ]);
    expect(await seriousViolations(anna)).toEqual([]);
    await anna.context().close();
  }, 240_000);
});
