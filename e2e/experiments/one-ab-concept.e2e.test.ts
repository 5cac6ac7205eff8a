// Drives the real sync-server (serving the built editor) with Chromium.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startPwaHarness, type PwaHarness } from '../pwa/harness';
import { apiAs, eventually, newEmail, sessionToken, signUpInUi, watch } from '../pwa/helpers';

/**
 * One A/B concept per link (D-515) in the editor: the split is one list with the main destination's
 * share as a row ("Weights: 60% + 40% = 100%"); creating a test on a link that splits says what
 * happens to the split and asks; once the test runs, the link editor says so and the split is off.
 */
let h: PwaHarness;
let context: BrowserContext;
let page: Page;
let token = '';
let workspaceId = '';
let linkId = '';
const MAIN = 'https://shop.example.com/main';
const OTHER = 'https://shop.example.com/other';

const api = (method: string, path: string, body?: unknown, bearer = token) =>
  apiAs(h.app, bearer, method, path, body);

beforeAll(async () => {
  h = await startPwaHarness();
  context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  watch(page, 'marketer');
  await signUpInUi(page, h.base, 'Ada', newEmail('ada'));
  token = await sessionToken(context);
  const me = await api('GET', '/api/me');
  workspaceId = String((me.json.data as { workspaces: Array<{ id: string }> }).workspaces[0]?.id);
  await h.sql("UPDATE workspaces SET current_plan_key = 'pro' WHERE id = $1", [workspaceId]);
  const keyRes = await api('POST', `/api/workspaces/${workspaceId}/api-keys`, {
    name: 'setup',
    scopes: ['links:write'],
  });
  const key = String((keyRes.json.data as { key: string }).key);
  const created = await api(
    'POST',
    '/v1/links',
    {
      destination_url: MAIN,
      slug: 'split-then-test',
      title: 'Split then test',
      destinations: [
        { url: MAIN, weight: 60 },
        { url: OTHER, weight: 40 },
      ],
    },
    key,
  );
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  linkId = String((created.json.data as { id: string }).id);
}, 240_000);

afterAll(async () => {
  await context?.close();
  await h?.stop();
});

describe('a link that splits, then an A/B test', () => {
  it('shows the split as one list with the main destination’s share, adding up to 100% by construction', async () => {
    await page.goto(`${h.base}/links/${linkId}`);
    await page.getByTestId('split-main').waitFor();
    expect(await page.getByLabel('Main destination share (%)').inputValue()).toBe('60');
    expect(await page.getByTestId('split-sum').innerText()).toBe('Weights: 60% + 40% = 100%');
    // Lowering the other destination gives the main one the rest: never "must be 100%" after the fact.
    await page.getByLabel('Weight 2 (%)').fill('25');
    expect(await page.getByLabel('Main destination share (%)').inputValue()).toBe('75');
    expect(await page.getByTestId('split-sum').innerText()).toBe('Weights: 75% + 25% = 100%');
    expect(await page.getByText('must be 100%').count()).toBe(0);
    await page.getByLabel('Weight 2 (%)').fill('40');
  }, 120_000);

  it('creating a test asks about the split, names A and B, and replaces the split only when chosen', async () => {
    await page.goto(`${h.base}/links/${linkId}`);
    await page.getByRole('link', { name: 'A/B test this link' }).click();
    const choice = page.getByTestId('split-choice');
    await choice.waitFor();
    await page.getByLabel('B sends visitors to').fill('https://shop.example.com/b');
    const said = await choice.innerText();
    expect(said).toContain('This link splits traffic between 2 destinations');
    expect(said).toContain('A = https://shop.example.com/main / B = https://shop.example.com/b');
    expect(said).toContain('the split is kept in the link’s history');
    // Cancel keeps the split: nothing was created.
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('split-main').waitFor();
    expect(await h.sql('SELECT id FROM experiments WHERE resource_id = $1', [linkId])).toEqual([]);

    await page.getByRole('link', { name: 'A/B test this link' }).click();
    await page.getByLabel('B sends visitors to').fill('https://shop.example.com/b');
    await page.getByRole('button', { name: 'Replace split and start test' }).click();
    await page.getByTestId('experiment-status').getByText('Running').waitFor();
    const [link] = await eventually(
      () => h.sql<{ destinations: unknown[] }>('SELECT destinations FROM links WHERE id = $1', [linkId]),
      (rows) => rows[0]?.destinations.length === 0,
    );
    expect(link?.destinations).toEqual([]);
  }, 120_000);

  it('while the test runs, the link editor shows the banner and the split is off, linking to the test', async () => {
    await page.goto(`${h.base}/links/${linkId}`);
    const banner = page.getByTestId('ab-test-banner');
    await banner.waitFor();
    expect(await banner.innerText()).toContain('A/B test running');
    expect(await page.getByTestId('split-off').innerText()).toContain('the split is off until it ends');
    expect(await page.getByRole('button', { name: 'Split traffic' }).count()).toBe(0);
    await banner.getByRole('link', { name: 'Open the test' }).click();
    await page.getByTestId('experiment-status').getByText('Running').waitFor();
  }, 120_000);
});
