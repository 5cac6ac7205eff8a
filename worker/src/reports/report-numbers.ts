import type { Queryable } from '@linkhub/shared/server/db/sql';
import type { DashboardCounts, DashboardDimension, DashboardRow } from '@linkhub/shared/analytics/dashboard';
import type { Window } from '@linkhub/shared/server/analytics/dashboard-window';
import { retentionDays, type PlanKey } from '@linkhub/shared/entitlements/plans';
import { DAILY_COMPLETE_BEFORE } from '@linkhub/shared/analytics/daily-rollups';

const DAY_MS = 86_400_000;

export type ReportSelection = { workspaceId: string; resourceIds: string[] | null; plan: PlanKey };
export type ReportNumbers = {
  totals: DashboardCounts;
  breakdowns: Partial<Record<DashboardDimension, DashboardRow[]>>;
};

/** The rollup dimension of each breakdown a report shows (`event_type` comes from the `all` row). */
const ROLLUP_NAME: Partial<Record<DashboardDimension, string>> = {
  country: 'country',
  referrer_host: 'referrer_host',
  device_type: 'device_type',
  utm_source: 'utm_source',
  utm_campaign: 'utm_campaign',
};

/** First instant the plan keeps `kind` rows for at `now` (midnight UTC after the window begins); null: forever. */
function keptFrom(plan: PlanKey, kind: 'hourly_rollup_days' | 'raw_click_days', now: Date): Date | null {
  const days = retentionDays(plan, kind);
  if (days === null) return null;
  return new Date((Math.floor((now.getTime() - days * DAY_MS) / DAY_MS) + 1) * DAY_MS);
}

/**
 * Which UTC days ($d, a day's midnight) a period reads from the daily rollups: the whole days inside
 * [$3, $4), and, before $5 (where the plan no longer keeps hourly rows), the days whose noon lies
 * inside it — a local month's edge then counts as the UTC day it mostly overlaps (D-332).
 */
const dailyDay = (d: string) =>
  `((${d} >= $3::timestamptz AND ${d} + interval '1 day' <= $4::timestamptz AND ${d} < ${DAILY_COMPLETE_BEFORE})
    OR ($5::timestamptz IS NOT NULL AND ${d} + interval '1 day' <= $5::timestamptz
        AND ${d} + interval '12 hours' >= $3::timestamptz AND ${d} + interval '12 hours' < $4::timestamptz))`;

/** Rollup rows of a period: daily rows for the days above, hourly rows (still kept) for the other hours. */
const ROWS = `
  SELECT dimension, value, clicks, scans, page_views FROM analytics_rollup_daily
   WHERE workspace_id = $1 AND ($2::uuid[] IS NULL OR resource_id = ANY($2::uuid[])) AND dimension = ANY($6::text[])
     AND bucket_start >= $3::timestamptz - interval '1 day' AND bucket_start < $4::timestamptz AND ${dailyDay('bucket_start')}
  UNION ALL
  SELECT dimension, value, clicks, scans, page_views FROM analytics_rollup_hourly
   WHERE workspace_id = $1 AND ($2::uuid[] IS NULL OR resource_id = ANY($2::uuid[])) AND dimension = ANY($6::text[])
     AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
     AND ($5::timestamptz IS NULL OR bucket_start >= $5::timestamptz)
     AND NOT ${dailyDay("(date_trunc('day', bucket_start AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')")}`;

type Sum = { dimension: string; value: string; clicks: string; scans: string; page_views: string };

/**
 * A report's numbers from the rollups, which outlive the raw events (Free keeps 30 days of raw
 * events, and a monthly report compares with the month before): totals and the top `limit` values
 * of each breakdown ("unknown" is the `all` row minus the known values, as on the dashboard).
 * Unique visitors (distinct visitor-days, as on the dashboard) are counted from the raw events of
 * the period, exactly on its local bounds, and are null when it starts before the plan keeps them.
 */
export async function reportNumbers(
  db: Queryable,
  s: ReportSelection,
  w: Window,
  dims: readonly DashboardDimension[],
  limit: number,
  now: Date,
): Promise<ReportNumbers> {
  const names = ['all', ...dims.flatMap((d) => ROLLUP_NAME[d] ?? [])];
  const res = await db.query<Sum>(
    `SELECT dimension, value, sum(clicks) AS clicks, sum(scans) AS scans, sum(page_views) AS page_views
       FROM (${ROWS}) r GROUP BY 1, 2`,
    [s.workspaceId, s.resourceIds, w.from, w.to, keptFrom(s.plan, 'hourly_rollup_days', now), names],
  );
  const counts = (r: Sum | undefined) => ({
    clicks: Number(r?.clicks ?? 0),
    scans: Number(r?.scans ?? 0),
    page_views: Number(r?.page_views ?? 0),
  });
  const all = counts(res.rows.find((r) => r.dimension === 'all'));
  const visitorsKeptFrom = keptFrom(s.plan, 'raw_click_days', now);
  const uniques =
    visitorsKeptFrom !== null && w.from < visitorsKeptFrom
      ? null
      : await db.query<{ n: string }>(
          `SELECT count(DISTINCT ((occurred_at AT TIME ZONE 'UTC')::date, visitor_hash)) AS n FROM click_events
            WHERE workspace_id = $1 AND occurred_at >= $3::timestamptz AND occurred_at < $4::timestamptz AND NOT is_bot
              AND ($2::uuid[] IS NULL OR coalesce(parent_resource_id, resource_id) = ANY($2::uuid[]))`,
          [s.workspaceId, s.resourceIds, w.from, w.to],
        );
  const breakdowns: Partial<Record<DashboardDimension, DashboardRow[]>> = {};
  const row = (value: string | null, c: { clicks: number; scans: number; page_views: number }) => ({
    value,
    events: c.clicks + c.scans + c.page_views,
    ...c,
  });
  for (const dim of dims) {
    const name = ROLLUP_NAME[dim];
    let rows: DashboardRow[];
    if (dim === 'event_type')
      rows = [
        row('click', { clicks: all.clicks, scans: 0, page_views: 0 }),
        row('scan', { clicks: 0, scans: all.scans, page_views: 0 }),
        row('page_view', { clicks: 0, scans: 0, page_views: all.page_views }),
      ];
    else if (name === undefined) continue;
    else {
      const known = res.rows.filter((r) => r.dimension === name).map((r) => row(r.value, counts(r)));
      const unknown = known.reduce(
        (u, r) => ({
          clicks: u.clicks - r.clicks,
          scans: u.scans - r.scans,
          page_views: u.page_views - r.page_views,
        }),
        all,
      );
      rows = [...known, row(null, unknown)];
    }
    breakdowns[dim] = rows
      .filter((r) => r.events > 0)
      .sort((a, b) => b.events - a.events || ((a.value ?? '') < (b.value ?? '') ? -1 : 1))
      .slice(0, limit);
  }
  return {
    totals: { ...all, unique_visitors: uniques === null ? null : Number(uniques.rows[0]?.n ?? 0) },
    breakdowns,
  };
}
