import { describe, expect, it } from 'vitest';
import {
  DASHBOARD_DIMENSIONS,
  type DashboardData,
  type DashboardDimension,
  type DashboardRow,
} from '@linkhub/shared/analytics/dashboard';
import { renderSharePage } from './share-page';

/** A filtered answer whose unique visitors were counted as `counting` says (D-380). */
function answer(
  visitors: number | null,
  previous: number | null,
  counting: DashboardData['unique_visitors_counting'],
): DashboardData {
  const counts = { clicks: 120_345, scans: 4_000, page_views: 0 };
  return {
    interval: 'day',
    time_zone: 'Europe/Paris',
    window: { from: '2026-11-01T23:00:00.000Z', to: '2026-11-08T23:00:00.000Z' },
    previous_window: { from: '2026-10-25T23:00:00.000Z', to: '2026-11-01T23:00:00.000Z' },
    totals: { ...counts, unique_visitors: visitors },
    previous: { ...counts, unique_visitors: previous },
    change: {
      clicks: 0,
      scans: 0,
      page_views: null,
      unique_visitors: visitors === null || previous === null ? null : visitors / previous - 1,
    },
    series: [],
    previous_series: [],
    breakdowns: Object.fromEntries(DASHBOARD_DIMENSIONS.map((d) => [d, [] as DashboardRow[]])) as Record<
      DashboardDimension,
      DashboardRow[]
    >,
    source: 'events',
    filtered_since: null,
    unique_visitors_counting: counting,
    leads: null,
  };
}

const labels = { title: 'Spring menu', subtitle: 'QR code', locale: 'en-US', periodLinks: [] };
const visitorsTile = (html: string) =>
  /<div class="tile">Unique visitors<b>([^<]+)<\/b>(.*?)<\/div>/.exec(html)?.slice(1) ?? [];

describe('the shared page says how unique visitors were counted', () => {
  it('approximate: "≈" before the number, and says it is approximate', () => {
    const html = renderSharePage(
      answer(12_345, 10_000, { current: 'approximate', previous: 'approximate' }),
      { country: 'FR' },
      labels,
    );
    const [value, rest] = visitorsTile(html);
    expect(value).toBe('≈ 12,345');
    expect(rest).toContain('approximate (±2 %)');
    expect(rest).toContain('+23%');
  });

  it('exact: the number alone; not counted: a dash and why', () => {
    expect(
      visitorsTile(renderSharePage(answer(812, 800, { current: 'exact', previous: 'exact' }), {}, labels))[0],
    ).toBe('812');
    const [dash, why] = visitorsTile(
      renderSharePage(answer(null, null, { current: 'not_counted', previous: 'not_counted' }), {}, labels),
    );
    expect(dash).toBe('—');
    expect(why).toContain('not counted with these filters');
  });

  it('a previous period not counted gives no change, rather than "new"', () => {
    const [, rest] = visitorsTile(
      renderSharePage(answer(5_000, null, { current: 'approximate', previous: 'not_counted' }), {}, labels),
    );
    expect(rest).toContain('not counted in the previous period');
    expect(rest).not.toContain('new');
  });
});
