// Drives the real sync-server (serving the built editor), edge and worker together.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { CLICK_ID_PARAM } from '@linkhub/shared/server/experiments/click-id';
import { startPwaHarness, type PwaHarness } from '../pwa/harness';
import { startEdge, DESKTOP_CHROME_UA, type EdgeHarness } from '../pwa/edge-harness';
import { apiAs, eventually, newEmail, sessionToken, signUpInUi, watch } from '../pwa/helpers';
import { computeExperimentResults, experimentsDue } from '../../worker/src/experiments/results';

/**
 * Experiments end to end: a marketer on Pro creates a two-variant test of a link in the
 * editor and starts it; visitors go through the real edge (assigned by their day-salted visitor hash,
 * bots flagged), the destination site reports conversions with the click id the redirect appended,
 * the worker ingests the clicks and computes the results; the verdict and the intervals are on
 * screen at 1280 and 390 px, and "Keep B" makes B the link's destination. On Free, the editor shows
 * the upgrade prompt and the API answers the plan refusal with its details (docs/product-rules.md#plans-and-billing).
 */
let h: PwaHarness;
let edge: EdgeHarness;
let context: BrowserContext;
let page: Page;
let token = '';
let workspaceId = '';
let linkId = '';
const SLUG = 'spring-ab';
const B_URL = 'https://shop.example.com/landing-b';

const api = (method: string, path: string, body?: unknown, bearer = token) =>
  apiAs(h.app, bearer, method, path, body);

beforeAll(async () => {
  h = await startPwaHarness();
  edge = await startEdge(h);
  context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  watch(page, 'marketer');
  await signUpInUi(page, h.base, 'Maya', newEmail('maya'));
  token = await sessionToken(context);
  const me = await api('GET', '/api/me');
  workspaceId = String((me.json.data as { workspaces: Array<{ id: string }> }).workspaces[0]?.id);
  await h.sql("UPDATE workspaces SET current_plan_key = 'pro' WHERE id = $1", [workspaceId]);
  const created = await api('POST', '/v1/links/bulk', {
    workspace_id: workspaceId,
    links: [{ destination_url: 'https://shop.example.com/landing-a', slug: SLUG, title: 'Spring landing' }],
  });
  linkId = String((created.json.data as Array<{ link: { id: string } }>)[0]?.link.id);
}, 240_000);

afterAll(async () => {
  await context?.close();
  await edge?.stop();
  await h?.stop();
});

const linkHost = () => h.deps.config.LINK_HOST;
/** EXPERIMENTS_SCREENSHOTS=<dir> keeps full-page screenshots of the results screen, to look at. */
const shoot = async (name: string) => {
  const dir = process.env.EXPERIMENTS_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
};

describe('a two-variant link test, from the editor to the winner', () => {
  let experimentId = '';

  it('creates and starts the test from the link in the editor', async () => {
    await page.goto(`${h.base}/links/${linkId}`);
    await page.getByRole('link', { name: 'A/B test this link' }).click();
    // A's own address as B is an A/A test: said, not refused.
    await page.getByLabel('B sends visitors to').fill('https://shop.example.com/landing-a');
    await page.getByTestId('same-as-a').waitFor();
    await page.getByLabel('B sends visitors to').fill(B_URL);
    expect(await page.getByTestId('same-as-a').count()).toBe(0);
    await page.getByRole('button', { name: 'Create test' }).click();
    await page.getByTestId('experiment-status').getByText('Draft').waitFor();
    // Each variant says where it sends visitors: A the link's destination, B the one typed.
    const results = page.getByRole('table', { name: 'Results per variant' });
    await expect(results.locator('tr[data-variant="a"] th').innerText()).resolves.toContain(
      'shop.example.com/landing-a',
    );
    await expect(results.locator('tr[data-variant="b"] th').innerText()).resolves.toContain(
      'shop.example.com/landing-b',
    );
    experimentId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByTestId('experiment-status').getByText('Running').waitFor();
    await page
      .getByTestId('verdict')
      .filter({ hasText: /Waiting for visitors/ })
      .waitFor();
  }, 180_000);

  it('visitors through the edge get a sticky variant with a click id; conversions and bots are counted right', async () => {
    const clicks: Array<{ variant: 'a' | 'b'; clickId: string }> = [];
    for (let i = 0; i < 400; i++) {
      const headers = {
        'user-agent': DESKTOP_CHROME_UA,
        'x-forwarded-for': `198.51.${Math.floor(i / 200)}.${i % 200}`,
      };
      const first = await edge.visit(linkHost(), `/${SLUG}`, headers);
      expect(first.status).toBe(302);
      const location = new URL(first.location ?? '');
      const clickId = location.searchParams.get(CLICK_ID_PARAM) ?? '';
      expect(clickId).toMatch(/^lhc2/);
      const variant = location.pathname.endsWith('landing-b') ? 'b' : 'a';
      // The same visitor again the same day: the same variant (sticky, nothing stored, no cookie).
      const again = await edge.visit(linkHost(), `/${SLUG}`, headers);
      // The click id is signed over the moment of the redirect (D-491), so only the destination repeats.
      const againAt = new URL(again.location ?? '');
      expect(`${againAt.origin}${againAt.pathname}`).toBe(`${location.origin}${location.pathname}`);
      expect(againAt.searchParams.get(CLICK_ID_PARAM)).toMatch(/^lhc2/);
      clicks.push({ variant, clickId });
    }
    const shareB = clicks.filter((c) => c.variant === 'b').length / clicks.length;
    expect(shareB).toBeGreaterThan(0.4);
    expect(shareB).toBeLessThan(0.6);
    for (let i = 0; i < 20; i++)
      await edge.visit(linkHost(), `/${SLUG}`, {
        'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
        'x-forwarded-for': `203.0.113.${i}`,
      });

    // The shop's server reports purchases: 40 % of B's visitors, 5 % of A's.
    const keyRes = await api('POST', `/api/workspaces/${workspaceId}/api-keys`, {
      name: 'shop',
      scopes: ['experiments:write'],
    });
    const shopKey = String((keyRes.json.data as { key: string }).key);
    let seen = { a: 0, b: 0 };
    for (const click of clicks) {
      seen = { ...seen, [click.variant]: seen[click.variant] + 1 };
      const converts = click.variant === 'b' ? seen.b % 5 < 2 : seen.a % 20 === 0;
      if (!converts) continue;
      const reported = await api('POST', '/v1/conversions', { click_id: click.clickId }, shopKey);
      expect(reported.status).toBe(200);
      expect((reported.json.data as { counted: boolean }).counted).toBe(true);
    }

    await edge.drain();
    const due = await experimentsDue(h.deps.pool, experimentId);
    expect(due).toHaveLength(1);
    for (const experiment of due) await computeExperimentResults(h.deps.pool, experiment);
    const totals = await h.sql<{ visitors: number; bots: number; conversions: number }>(
      `SELECT sum(visitors)::int AS visitors, sum(bot_visitors)::int AS bots, sum(conversions)::int AS conversions
         FROM experiment_assignments_rollup WHERE experiment_id = $1`,
      [experimentId],
    );
    expect(totals[0]).toMatchObject({ visitors: 400, bots: 20 });
  }, 180_000);

  it('shows the verdict, the numbers and the intervals at 1280 px', async () => {
    await page.reload();
    const verdict = page.getByTestId('verdict').filter({ hasText: /converts better/ });
    await verdict.waitFor();
    expect(await verdict.textContent()).toMatch(
      /^B converts better: \d+\.\d\s% vs \d+\.\d\s%, \d+(\.\d)?\s% confident/,
    );
    expect(await page.locator('.interval-band').count()).toBe(2);
    await page.getByText('Visitors are counted once per day (visitor-days), bots excluded.').waitFor();
    await shoot('experiment-desktop');
  }, 180_000);

  it('fits a phone at 390 px with the verdict on screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page
      .getByTestId('verdict')
      .filter({ hasText: /^B converts better/ })
      .waitFor();
    expect(await page.getByTestId('verdict').isVisible()).toBe(true);
    await shoot('experiment-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  }, 180_000);

  it('changing the split starts a new period: the results so far are kept apart', async () => {
    const slider = page.getByLabel(/Share of visitors who see B/);
    await slider.fill('70');
    await page.getByText('Changing the split starts a new period').waitFor();
    await page.getByRole('button', { name: 'Change split' }).click();
    await page.getByText('Period 2 (variants changed)').waitFor();
    await page
      .getByTestId('verdict')
      .filter({ hasText: /Waiting for visitors/ })
      .waitFor();
    const [row] = await h.sql<{ arm_period: number }>('SELECT arm_period FROM experiments WHERE id = $1', [
      experimentId,
    ]);
    expect(row?.arm_period).toBe(2);
    const weights = await h.sql<{ key: string; weight: number }>(
      'SELECT key, weight FROM experiment_variants WHERE experiment_id = $1 ORDER BY key',
      [experimentId],
    );
    expect(weights).toEqual([
      { key: 'a', weight: 3000 },
      { key: 'b', weight: 7000 },
    ]);
    // Period 1's rollups are kept, apart.
    const kept = await h.sql<{ n: number }>(
      'SELECT count(*)::int AS n FROM experiment_assignments_rollup WHERE experiment_id = $1 AND arm_period = 1',
      [experimentId],
    );
    expect(kept[0]?.n).toBeGreaterThan(0);
  }, 180_000);

  it('keeps B in one click: the link now sends everyone to B, versioned', async () => {
    await page.getByRole('button', { name: 'Keep B' }).click();
    await page.getByTestId('experiment-status').getByText('Winner kept').waitFor();
    const [link] = await h.sql<{ destination_url: string }>(
      'SELECT destination_url FROM links WHERE id = $1',
      [linkId],
    );
    expect(link?.destination_url).toBe(B_URL);
    await eventually(
      async () =>
        (
          await edge.visit(linkHost(), `/${SLUG}`, {
            'user-agent': DESKTOP_CHROME_UA,
            'x-forwarded-for': '192.0.2.7',
          })
        ).location,
      (location) => location === B_URL,
    );
  }, 180_000);
});

describe('on Free', () => {
  it('the editor shows the upgrade prompt and the API answers 403 plan_feature_unavailable', async () => {
    const freeContext = await h.browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const free = await freeContext.newPage();
      watch(free, 'free');
      await signUpInUi(free, h.base, 'Sam', newEmail('sam'));
      const freeToken = await sessionToken(freeContext);
      const me = await api('GET', '/api/me', undefined, freeToken);
      const ws = String((me.json.data as { workspaces: Array<{ id: string }> }).workspaces[0]?.id);
      const made = await api(
        'POST',
        '/v1/links/bulk',
        { workspace_id: ws, links: [{ destination_url: 'https://example.com/free' }] },
        freeToken,
      );
      const freeLink = String((made.json.data as Array<{ link: { id: string } }>)[0]?.link.id);
      await free.goto(`${h.base}/links/experiments/new/${freeLink}`);
      await free
        .getByTestId('upgrade-prompt')
        .filter({ hasText: /A\/B experiments are not part of the Free plan/ })
        .waitFor();
      const refused = await api(
        'POST',
        '/v1/experiments',
        {
          workspace_id: ws,
          resource_type: 'link',
          resource_id: freeLink,
          name: 'Not on Free',
          variants: [
            { key: 'a', name: 'A', weight: 5000 },
            { key: 'b', name: 'B', weight: 5000, destination_url: 'https://example.com/b' },
          ],
        },
        freeToken,
      );
      expect(refused.status).toBe(403);
      expect(refused.json.error).toMatchObject({
        code: 'plan_feature_unavailable',
        details: [{ field: 'experiments_enabled', issue: 'feature_unavailable', plan: 'free' }],
      });
    } finally {
      await freeContext.close();
    }
  }, 180_000);
});
