import { afterAll, beforeAll, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import type { DashboardData } from '@linkhub/shared/analytics/dashboard';
import { renderSharePage } from '../../sync-server/src/resources/analytics/share-page';
import { startHarness, type Harness } from '../analytics/harness';
import { launchChromium } from '../launcher/browser';

/**
 * The Region breakdown reads "England, United Kingdom", not "GB-ENG": the answer names each region
 * code the geo database knows (`value_names.region`), in the API, the filter and on a shared page;
 * a code it does not know is shown as it is.
 */
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ plan: 'business' });
  const at = Date.now() - 60_000;
  const visit = (country: string, region: string | null, n: number) =>
    testEvent(
      {
        workspace_id: h.workspaceId,
        resource_id: h.resources.link,
        resource_type: 'link',
        event_type: 'click',
        occurred_at: new Date(at - n * 1000).toISOString(),
        country_code: country,
        region_code: region,
      },
      `r${n}`,
    );
  await h.xadd([visit('GB', 'ENG', 1), visit('GB', 'ENG', 2), visit('US', 'CA', 3), visit('ZZ', 'QQ', 4)]);
  await h.drain();
}, 60_000);
afterAll(async () => h?.stop());

it('names each region of the breakdown, and shows an unknown code as it is', async () => {
  const res = await h.get<{ data: DashboardData }>('/v1/analytics/dashboard?period=7d');
  expect(res.status).toBe(200);
  expect(res.body.data.breakdowns.region.map((r) => r.value).sort()).toEqual(['GB-ENG', 'US-CA', 'ZZ-QQ']);
  expect(res.body.data.value_names?.region).toEqual({ 'GB-ENG': 'England', 'US-CA': 'California' });
  const html = renderSharePage(
    res.body.data,
    {},
    { title: 'Shop', subtitle: 'Link', locale: 'en', periodLinks: [] },
  );
  expect(html).toContain('England, United Kingdom');
  expect(html).toContain('California, United States');
  expect(html).toContain('ZZ-QQ');
  expect(html).not.toContain('>GB-ENG<');
});

it('names the region a view is filtered by, for its chip', async () => {
  const res = await h.get<{ data: DashboardData }>('/v1/analytics/dashboard?period=7d&region=GB-ENG');
  expect(res.status).toBe(200);
  expect(res.body.data.totals.clicks).toBe(2);
  expect(res.body.data.value_names?.region?.['GB-ENG']).toBe('England');
});

it('keeps the shared page readable on a 390 px phone with long region names: no column header breaks mid-word', async () => {
  const res = await h.get<{ data: DashboardData }>('/v1/analytics/dashboard?period=7d');
  const html = renderSharePage(
    res.body.data,
    {},
    { title: 'Shop', subtitle: 'Link', locale: 'en', periodLinks: [] },
  );
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true });
    await page.setContent(html);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const headers = await page.locator('th.n').evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return { text: cell.textContent, lines: range.getClientRects().length };
      }),
    );
    expect(headers.length).toBeGreaterThan(0);
    for (const header of headers)
      expect(header, `${header.text ?? ''} breaks over lines`).toMatchObject({ lines: 1 });
  } finally {
    await browser.close();
  }
});
