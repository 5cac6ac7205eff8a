import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startPwaHarness, type PwaHarness } from '../pwa/harness';
import { startEdge, DESKTOP_CHROME_UA, type EdgeHarness } from '../pwa/edge-harness';
import { apiAs, newEmail, sessionToken, signUpInUi, watch } from '../pwa/helpers';
import { computeExperimentResults, experimentsDue } from '../../worker/src/experiments/results';

/**
 * Bio pages (D-279, D-320): a marketer on Pro creates a test from the page editor whose B
 * shows Shop first under another label, and starts it; visitors get the public page through the
 * real edge (one variant per visitor-day, no cookie), some click through; the worker ingests and
 * counts click-through visitor-days per variant; the results screen fits a phone, and "Keep B"
 * makes B the page's own, published: every visitor then gets Shop first, relabelled.
 */
let h: PwaHarness;
let edge: EdgeHarness;
let context: BrowserContext;
let page: Page;
let token = '';
let workspaceId = '';
let pageId = '';
let blogId = '';
let shopId = '';
const HANDLE = 'maya-shop';

const api = (method: string, path: string, body?: unknown, bearer = token) =>
  apiAs(h.app, bearer, method, path, body);

/** The public page's HTML through the edge, as one visitor. */
const pageHtml = (headers: Record<string, string>) =>
  new Promise<{ status: number; html: string; cookie: unknown }>((resolve, reject) => {
    const req = http.get(
      {
        host: '127.0.0.1',
        port: edge.port,
        path: `/${HANDLE}`,
        headers: { host: h.deps.config.BIO_HOST, 'user-agent': DESKTOP_CHROME_UA, ...headers },
      },
      (res) => {
        let html = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (html += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, html, cookie: res.headers['set-cookie'] }),
        );
      },
    );
    req.on('error', reject);
  });

const withoutNonce = (html: string) => html.replace(/nonce-[A-Za-z0-9+/=_-]+|nonce="[^"]*"/g, '');

beforeAll(async () => {
  h = await startPwaHarness();
  edge = await startEdge(h);
  context = await h.browser.newContext({ viewport: { width: 1280, height: 900 } });
  page = await context.newPage();
  watch(page, 'marketer');
  await signUpInUi(page, h.base, 'Maya', newEmail('maya-bio'));
  token = await sessionToken(context);
  const me = await api('GET', '/api/me');
  workspaceId = String((me.json.data as { workspaces: Array<{ id: string }> }).workspaces[0]?.id);
  await h.sql("UPDATE workspaces SET current_plan_key = 'pro' WHERE id = $1", [workspaceId]);
  const keyRes = await api('POST', `/api/workspaces/${workspaceId}/api-keys`, {
    name: 'pages',
    scopes: ['pages:read', 'pages:write'],
  });
  const pagesKey = String((keyRes.json.data as { key: string }).key);
  const created = await api(
    'POST',
    '/v1/pages',
    {
      handle: HANDLE,
      title: 'Maya',
      blocks: [
        { type: 'link', title: 'Blog', url: 'https://blog.example.com/' },
        { type: 'link', title: 'Shop', url: 'https://shop.example.com/' },
      ],
    },
    pagesKey,
  );
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const data = created.json.data as { id: string; blocks: Array<{ id: string }> };
  pageId = data.id;
  blogId = data.blocks[0]?.id ?? '';
  shopId = data.blocks[1]?.id ?? '';
  expect((await api('POST', `/v1/pages/${pageId}/publish`, undefined, pagesKey)).status).toBe(200);
}, 240_000);

afterAll(async () => {
  await context?.close();
  await edge?.stop();
  await h?.stop();
});

describe('a bio page test, from the page editor to the results', () => {
  let experimentId = '';

  it('creates and starts a "Shop first, relabelled" test from the page editor', async () => {
    await page.goto(`${h.base}/pages/${pageId}`);
    await page.getByRole('link', { name: 'A/B test this page' }).click();
    await page.getByLabel('B changes the link').selectOption({ label: 'Shop' });
    await page.getByLabel('Show it first').check();
    await page.getByLabel('Give it another label').check();
    await page.getByLabel('B’s label').fill('Shop the sale');
    // The create screen on a phone: nothing pushes it sideways, each change one tap row.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const choice of ['Show it first', 'Give it another label', 'Send it somewhere else']) {
      const row = await page.getByText(choice, { exact: true }).boundingBox();
      expect(row?.height ?? 0, choice).toBeGreaterThanOrEqual(24);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Create test' }).click();
    await page.getByTestId('experiment-status').getByText('Draft').waitFor();
    experimentId = new URL(page.url()).pathname.split('/').at(-1) ?? '';
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByTestId('experiment-status').getByText('Running').waitFor();
  }, 180_000);

  it('visitors see one variant all day without a cookie; click-throughs count per variant', async () => {
    const seen = { a: 0, b: 0 };
    const clicked = { a: 0, b: 0 };
    for (let i = 0; i < 200; i++) {
      const headers = { 'x-forwarded-for': `198.51.100.${i}` };
      const first = await pageHtml(headers);
      expect(first.status).toBe(200);
      expect(first.cookie).toBeUndefined();
      const variant = first.html.indexOf(`/l/${shopId}`) < first.html.indexOf(`/l/${blogId}`) ? 'b' : 'a';
      // B changes two things at once: the order and the label.
      expect(first.html.includes('Shop the sale')).toBe(variant === 'b');
      // The same visitor again the same day: the same page (the nonce aside).
      expect(withoutNonce((await pageHtml(headers)).html)).toBe(withoutNonce(first.html));
      seen[variant] += 1;
      // B's visitors click through more often (Shop is first): every 2nd, A's every 5th.
      if (i % (variant === 'b' ? 2 : 5) === 0) {
        const hop = await edge.visit(h.deps.config.BIO_HOST, `/${HANDLE}/l/${shopId}`, headers);
        expect(hop.status).toBe(302);
        clicked[variant] += 1;
      }
    }
    expect(seen.a).toBeGreaterThan(60);
    expect(seen.b).toBeGreaterThan(60);
    await edge.drain();
    const due = await experimentsDue(h.deps.pool, experimentId);
    for (const experiment of due) await computeExperimentResults(h.deps.pool, experiment);
    const rows = await h.sql<{ key: string; visitors: number; conversions: number }>(
      `SELECT v.key, sum(r.visitors)::int AS visitors, sum(r.conversions)::int AS conversions
         FROM experiment_assignments_rollup r JOIN experiment_variants v ON v.id = r.variant_id
        WHERE r.experiment_id = $1 GROUP BY v.key ORDER BY v.key`,
      [experimentId],
    );
    expect(rows).toEqual([
      { key: 'a', visitors: seen.a, conversions: clicked.a },
      { key: 'b', visitors: seen.b, conversions: clicked.b },
    ]);
  }, 180_000);

  it('the results fit a phone at 390 px; "Keep B" makes B the published page for every visitor', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${h.base}/links/experiments/${experimentId}`);
    await page.getByTestId('experiment-status').getByText('Running').waitFor();
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    await page.getByTestId('keep-page-note').waitFor();
    await page.getByRole('button', { name: 'Keep B' }).click();
    await page.getByTestId('experiment-status').getByText('Winner kept').waitFor();
    // Any visitor, A's before included, now gets the winning page (refreshed in the cache after commit).
    let html = '';
    for (let attempt = 0; attempt < 100; attempt++) {
      html = (await pageHtml({ 'x-forwarded-for': `203.0.113.${attempt % 250}` })).html;
      if (html.includes('Shop the sale')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(html.indexOf(`/l/${shopId}`)).toBeLessThan(html.indexOf(`/l/${blogId}`));
    for (let i = 0; i < 20; i++) {
      const other = (await pageHtml({ 'x-forwarded-for': `192.0.2.${i}` })).html;
      expect(other.includes('Shop the sale')).toBe(true);
      expect(other.indexOf(`/l/${shopId}`)).toBeLessThan(other.indexOf(`/l/${blogId}`));
    }
  }, 120_000);
});
