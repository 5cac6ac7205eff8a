import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLICK_ID_PARAM } from '@linkhub/shared/server/experiments/click-id';
import { expectFits, launchChromium, newContext, newPage, signIn, VIEWPORTS } from '../launcher/browser';
import { visitEdge } from '../launcher/edge';
import { startLauncher, type Launcher } from '../launcher/launcher';
import { eventually } from '../launcher/wait';
import { createDirectPool } from '@linkhub/shared/server/db/pool';

/**
 * Experiments end to end, against the stack as the README starts it (`npm start`: sync-server, edge
 * and worker as their own processes, the built editor): a marketer on Pro creates and starts a
 * two-variant link test from the editor, visitors go through the edge, the shop reports purchases
 * with the click ids, the worker's scheduled job computes the results, the editor shows the honest
 * verdict, and "Keep B" promotes the winner. On Free the same is refused with the plan refusal (docs/product-rules.md#plans-and-billing).
 */
const tag = randomBytes(3).toString('hex');
const SLUG = `done-when-${tag}`;
const A_URL = 'https://shop.example.com/landing-a';
const B_URL = 'https://shop.example.com/landing-b';
const DESKTOP_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const VISITORS = 400;

let stack: Launcher;
let browser: Browser;
let db: pg.Pool;
let context: BrowserContext;
let page: Page;
let linkId = '';
let experimentId = '';

const sql = async <R extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<R[]> =>
  (await db.query<R>(text, values)).rows;

/** A `/v1` call to the launched sync-server with an API key. */
async function v1(method: string, path: string, key: string, body?: unknown) {
  const res = await fetch(`${stack.demo.sync_url}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const visit = (ip: string, ua = DESKTOP_UA) =>
  visitEdge(stack.ports.edge, stack.demo.link_host, `/${SLUG}`, {
    'user-agent': ua,
    'x-forwarded-for': ip,
  });

beforeAll(async () => {
  stack = await startLauncher();
  browser = await launchChromium();
  db = createDirectPool(stack.demo.database_url, 2);
  // The marketer's workspace is on Pro (the demo's is Business; experiments are a Pro feature).
  await sql("UPDATE workspaces SET current_plan_key = 'pro' WHERE id = $1", [stack.demo.workspace_id]);
  const made = await v1('POST', '/v1/links', stack.demo.api_key, {
    destination_url: A_URL,
    slug: SLUG,
    title: 'Spring landing',
  });
  expect(made.status, JSON.stringify(made.json)).toBe(201);
  linkId = String((made.json.data as { id: string }).id);
  context = await newContext(browser, VIEWPORTS[1] ?? { name: 'desktop', width: 1280, height: 800 });
  page = await newPage(context, 'marketer');
  // The stack shares two cores with other work: waits are generous, nothing is timed.
  page.setDefaultTimeout(30_000);
}, 240_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await db?.end();
  await stack?.cleanUp();
}, 60_000);

describe('a marketer on Pro runs a two-variant link test from the editor (npm start)', () => {
  it('creates and starts the test from the link', async () => {
    await signIn(page, stack.demo.pwa_url, stack.demo.email, stack.demo.password);
    await page.goto(`${stack.demo.pwa_url}/links/${linkId}`);
    await page.getByRole('link', { name: 'A/B test this link' }).click();
    await page.getByLabel('B sends visitors to').fill(B_URL);
    await page.getByRole('button', { name: 'Create test' }).click();
    await page.getByTestId('experiment-status').getByText('Draft').waitFor();
    experimentId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByTestId('experiment-status').getByText('Running').waitFor();
  }, 120_000);

  it('visitors through the edge, purchases reported with the click id, results from the worker’s own job', async () => {
    // The running test reaches the edge through the redirect cache: wait until it appends click ids.
    await eventually(
      async () =>
        new URL((await visit('198.18.0.1')).location ?? 'https://x.invalid/').searchParams.has(
          CLICK_ID_PARAM,
        ),
      (has) => has,
      30_000,
      'the redirect appending lh_click',
    );
    const clicks: Array<{ variant: 'a' | 'b'; clickId: string }> = [];
    for (let i = 0; i < VISITORS; i++) {
      const answer = await visit(`198.51.${Math.floor(i / 200)}.${i % 200}`);
      expect(answer.status).toBe(302);
      const location = new URL(answer.location ?? '');
      clicks.push({
        variant: location.pathname.endsWith('landing-b') ? 'b' : 'a',
        clickId: location.searchParams.get(CLICK_ID_PARAM) ?? '',
      });
    }
    for (let i = 0; i < 10; i++)
      await visit(`203.0.113.${i}`, 'Googlebot/2.1 (+http://www.google.com/bot.html)');
    // The shop's server reports purchases: 40 % of B's visitors, 5 % of A's.
    const seen = { a: 0, b: 0 };
    for (const click of clicks) {
      seen[click.variant] += 1;
      const converts = click.variant === 'b' ? seen.b % 5 < 2 : seen.a % 20 === 0;
      if (!converts) continue;
      const reported = await v1('POST', '/v1/conversions', stack.demo.api_key, { click_id: click.clickId });
      expect(reported.status, JSON.stringify(reported.json)).toBe(200);
      expect(reported.json.data).toMatchObject({ counted: true });
    }
    // No call into the worker: its scheduled experiment-results job (every minute) computes the analysis.
    const results = await eventually(
      () =>
        sql<{ visitors: number; verdict: string | null }>(
          `SELECT (analysis->>'total_visitors')::int AS visitors, analysis #>> '{verdict,kind}' AS verdict
             FROM experiment_results WHERE experiment_id = $1`,
          [experimentId],
        ),
      (rows) => rows[0]?.visitors === VISITORS + 1,
      240_000,
      'the worker analysing every human visitor-day',
    );
    expect(results[0]?.verdict).toBe('winner');
  }, 360_000);

  it('sees the honest verdict with the intervals, on a desktop and on a phone', async () => {
    await page.reload();
    const verdict = page.getByTestId('verdict').filter({ hasText: /converts better/ });
    await verdict.waitFor();
    expect(await verdict.textContent()).toMatch(
      /^B converts better: \d+\.\d\s% vs \d+\.\d\s%, \d+(\.\d)?\s% confident/,
    );
    expect(await page.locator('.interval-band').count()).toBe(2);
    await page.getByText('Visitors are counted once per day (visitor-days), bots excluded.').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await verdict.waitFor();
    await expectFits(page, 'experiment results');
    await page.setViewportSize({ width: 1280, height: 800 });
  }, 120_000);

  it('promotes the winner in one click: every visitor then goes to B, versioned', async () => {
    await page.getByRole('button', { name: 'Keep B' }).click();
    await page.getByTestId('experiment-status').getByText('Winner kept').waitFor();
    const [link] = await sql<{ destination_url: string }>('SELECT destination_url FROM links WHERE id = $1', [
      linkId,
    ]);
    expect(link?.destination_url).toBe(B_URL);
    const [version] = await sql<{ change_summary: string }>(
      'SELECT change_summary FROM link_versions WHERE link_id = $1 ORDER BY version DESC LIMIT 1',
      [linkId],
    );
    expect(version?.change_summary).toBe('promoted B');
    await eventually(
      async () => (await visit('192.0.2.7')).location,
      (location) => location === B_URL,
      30_000,
      'the edge sending everyone to B',
    );
  }, 120_000);
});

describe('on Free', () => {
  it('the API answers the spec’s worked example (403 plan_feature_unavailable) and the editor shows the upgrade prompt', async () => {
    await sql("UPDATE workspaces SET current_plan_key = 'free' WHERE id = $1", [
      stack.demo.other.workspace_id,
    ]);
    const made = await v1('POST', '/v1/links', stack.demo.other.api_key, { destination_url: A_URL });
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    const otherLink = String((made.json.data as { id: string }).id);
    const refused = await v1('POST', '/v1/experiments', stack.demo.other.api_key, {
      resource_type: 'link',
      resource_id: otherLink,
      name: 'Not on Free',
      variants: [
        { key: 'a', name: 'A', weight: 5000 },
        { key: 'b', name: 'B', weight: 5000, destination_url: B_URL },
      ],
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({
      code: 'plan_feature_unavailable',
      details: [{ field: 'experiments_enabled', issue: 'feature_unavailable', plan: 'free' }],
    });
    expect(await sql('SELECT 1 FROM experiments WHERE resource_id = $1', [otherLink])).toEqual([]);

    // The marketer's own workspace moves to Free (its links stay; the demo holds more than Free's 50).
    const second = await v1('POST', '/v1/links', stack.demo.api_key, { destination_url: A_URL });
    expect(second.status, JSON.stringify(second.json)).toBe(201);
    const secondId = String((second.json.data as { id: string }).id);
    await sql("UPDATE workspaces SET current_plan_key = 'free' WHERE id = $1", [stack.demo.workspace_id]);
    await page.goto(`${stack.demo.pwa_url}/links/experiments/new/${secondId}`);
    const prompt = page.getByTestId('upgrade-prompt');
    const form = page.getByLabel('B sends visitors to');
    await prompt.or(form).first().waitFor();
    // The synced plan may still say Pro on this device: then the server's refusal brings the prompt.
    // The plan can also arrive while the form is being filled: the prompt then replaces the form by itself.
    if (await form.isVisible()) {
      await form
        .fill(B_URL, { timeout: 5_000 })
        .then(() => page.getByRole('button', { name: 'Create test' }).click({ timeout: 5_000 }))
        .catch(() => undefined);
    }
    await prompt.filter({ hasText: /A\/B experiments are not part of the Free plan/ }).waitFor();
  }, 120_000);
});
