import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { runAnalyticsExport } from '../../worker/src/analytics/export-csv';
import { startHarness, type Harness } from '../analytics/harness';

/**
 * The analytics CSV holds what the dashboard view shows: its period and every active filter (a view
 * filtered to Germany downloads Germany only), each row names its resource beside the id (title and
 * short URL), and the hourly rows count unique visitors. Built by the worker's real export job.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  const { link } = h.resources;
  const at = new Date(Date.now() - 60_000).toISOString();
  const click = (country: string, visitor: string) =>
    testEvent(
      { workspace_id: h.workspaceId, resource_id: link, country_code: country, occurred_at: at },
      visitor,
    );
  await h.xadd([click('DE', 'anna'), click('DE', 'anna'), click('DE', 'ben'), click('FR', 'chloe')]);
  await h.drain();
});
afterAll(async () => h?.stop());

async function exported(body: Record<string, unknown>): Promise<{ header: string[]; rows: string[][] }> {
  const start = await h.app.request('/v1/analytics/exports', {
    method: 'POST',
    headers: { Authorization: `Bearer ${h.session}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      workspace_id: h.workspaceId,
      from: new Date(Date.now() - 86_400_000).toISOString(),
      to: new Date(Date.now() + 60_000).toISOString(),
      ...body,
    }),
  });
  expect(start.status, await start.clone().text()).toBe(202);
  const id = ((await start.json()) as { data: { id: string } }).data.id;
  const outcome = await runAnalyticsExport({ pool: h.deps.pool, store: h.deps.artifacts }, h.workspaceId, id);
  expect(outcome.status).toBe('succeeded');
  const file = await h.app.request(`/v1/analytics/exports/${id}/download?workspace_id=${h.workspaceId}`, {
    headers: { Authorization: `Bearer ${h.session}` },
  });
  expect(file.status).toBe(200);
  const [header = '', ...lines] = (await file.text()).trim().split('\r\n');
  return { header: header.split(','), rows: lines.map((l) => l.split(',')) };
}

const cell = (t: { header: string[] }, row: string[] | undefined, column: string) =>
  row?.[t.header.indexOf(column)];

describe('the analytics CSV export', () => {
  it('filtered to Germany: Germany only, with the resource named and its unique visitors', async () => {
    const t = await exported({ resource_id: h.resources.link, filters: { country: 'DE' } });
    expect(t.header).toEqual([
      'bucket_start',
      'resource_type',
      'resource_id',
      'resource_title',
      'short_url',
      'dimension',
      'value',
      'clicks',
      'scans',
      'page_views',
      'bot_events',
      'unique_visitors',
    ]);
    expect(t.rows).toHaveLength(1);
    const [row] = t.rows;
    expect(cell(t, row, 'resource_id')).toBe(h.resources.link);
    expect(cell(t, row, 'clicks')).toBe('3');
    expect(cell(t, row, 'unique_visitors')).toBe('2');
    const { rows: names } = await h.deps.pool.query<{ title: string; slug: string }>(
      'SELECT coalesce(title, slug) AS title, slug FROM links WHERE id = $1',
      [h.resources.link],
    );
    expect(cell(t, row, 'resource_title')).toBe(names[0]?.title);
    expect(cell(t, row, 'short_url')).toMatch(new RegExp(`^https://[^/]+/${names[0]?.slug}$`));
  });

  it('raw events honour the filter too, each naming its resource', async () => {
    const t = await exported({ source: 'raw', filters: { country: 'DE' } });
    expect(t.rows).toHaveLength(3);
    expect(t.rows.every((r) => cell(t, r, 'country_code') === 'DE')).toBe(true);
    expect(t.header.slice(3, 6)).toEqual(['resource_id', 'resource_title', 'short_url']);
    expect(t.rows.every((r) => (cell(t, r, 'short_url') ?? '').startsWith('https://'))).toBe(true);
  });

  it('unfiltered: every country, the totals row counting the hour’s unique visitors', async () => {
    const t = await exported({ resource_id: h.resources.link });
    const all = t.rows.find((r) => cell(t, r, 'dimension') === 'all');
    expect(cell(t, all, 'clicks')).toBe('4');
    expect(cell(t, all, 'unique_visitors')).toBe('3');
    const countries = t.rows
      .filter((r) => cell(t, r, 'dimension') === 'country')
      .map((r) => cell(t, r, 'value'));
    expect(countries.sort()).toEqual(['DE', 'FR']);
  });
});
