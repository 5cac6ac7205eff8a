import type { AnalyticsScope } from './scope';
import { hourlyCutoff } from './scope';
import { DAILY_COMPLETE_BEFORE } from '@linkhub/shared/analytics/daily-rollups';

/** The days of $5 whose daily rows are complete (D-437); the others are read hour by hour. */
const DAILY_DAYS = `($5::tstzrange * tstzrange(NULL, ${DAILY_COMPLETE_BEFORE}))`;

/**
 * The rollup rows of one dimension that a read covers, as one SQL source with fixed parameters:
 * $1 workspace, $2 resource ids (uuid[] or null), $3 from, $4 to, $5 the daily window (tstzrange of
 * whole UTC days read from the daily rollups, as far as they are complete; 'empty' for none), $6 dimension. Hourly rows cover
 * the rest of [from, to).
 */
export const ROLLUP_ROWS = rollupRows('$6');

/** The same source with the dimension taken from another parameter (e.g. `'$7'`). */
export function rollupRows(dimensionParam: string): string {
  return `(
  SELECT bucket_start, resource_id, resource_type, value, clicks, scans, page_views, bot_events FROM analytics_rollup_hourly
   WHERE workspace_id = $1 AND ($2::uuid[] IS NULL OR resource_id = ANY($2::uuid[])) AND dimension = ${dimensionParam}::text
     AND ((bucket_start >= $3::timestamptz AND bucket_start < coalesce(lower(${DAILY_DAYS}), $4::timestamptz))
       OR (bucket_start >= coalesce(upper(${DAILY_DAYS}), $4::timestamptz) AND bucket_start < $4::timestamptz))
  UNION ALL
  SELECT bucket_start, resource_id, resource_type, value, clicks, scans, page_views, bot_events FROM analytics_rollup_daily
   WHERE workspace_id = $1 AND ($2::uuid[] IS NULL OR resource_id = ANY($2::uuid[])) AND dimension = ${dimensionParam}::text
     AND ${DAILY_DAYS} @> bucket_start
)`;
}

/**
 * The whole-workspace hourly totals of [$3, $4) of workspace $1, when $2 (resource ids) is null: one
 * row per hour whatever the number of resources. Same columns as ROLLUP_ROWS minus resource and value.
 */
export const WORKSPACE_ROWS = `(
  SELECT bucket_start, clicks, scans, page_views, bot_events FROM analytics_rollup_workspace_hourly
   WHERE workspace_id = $1 AND $2::uuid[] IS NULL AND bucket_start >= $3::timestamptz AND bucket_start < $4::timestamptz
)`;

/**
 * Whether a read of every resource over [from, to) can come from the whole-workspace hourly
 * totals: no resource filter, and the plan still keeps hourly rows for the whole range.
 */
export function workspaceHourlyCovers(scope: AnalyticsScope, from: Date, to: Date, now: Date): boolean {
  return scope.resourceIds === null && dailyWindow(scope, from, to, now, false) === 'empty';
}

/** Unique visitors (count of distinct daily visitor hashes) over the UTC days of $3…$4, same $1/$2. */
export const UNIQUE_ROWS = `(
  SELECT event_date, visitor_hash FROM analytics_unique_visitor_days
   WHERE workspace_id = $1 AND ($2::uuid[] IS NULL OR resource_id = ANY($2::uuid[]))
     AND event_date >= ($3::timestamptz AT TIME ZONE 'UTC')::date AND event_date <= (($4::timestamptz - interval '1 microsecond') AT TIME ZONE 'UTC')::date
)`;

const DAY_MS = 86_400_000;
const floorDay = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS);
const ceilDay = (d: Date) => new Date(Math.ceil(d.getTime() / DAY_MS) * DAY_MS);

/**
 * Which whole UTC days of [from, to) are read from the daily rollups. `preferDaily` (reads with
 * no time-of-day buckets): every whole day before today (the SQL keeps to the days the fold job has completed, D-437), 24×
 * fewer rows. Otherwise only the days the plan no longer keeps hourly rows for.
 */
export function dailyWindow(
  scope: AnalyticsScope,
  from: Date,
  to: Date,
  now: Date,
  preferDaily: boolean,
): string {
  const lo = ceilDay(from);
  const cutoff = hourlyCutoff(scope.plan, now);
  const end = preferDaily
    ? Math.min(floorDay(to).getTime(), floorDay(now).getTime())
    : cutoff === null
      ? lo.getTime()
      : Math.min(floorDay(to).getTime(), cutoff.getTime());
  return end <= lo.getTime() ? 'empty' : `[${lo.toISOString()},${new Date(end).toISOString()})`;
}

export function sourceParams(
  scope: AnalyticsScope,
  from: Date,
  to: Date,
  dimension: string,
  now: Date,
  preferDaily = true,
): unknown[] {
  return [
    scope.workspaceId,
    scope.resourceIds,
    from,
    to,
    dailyWindow(scope, from, to, now, preferDaily),
    dimension,
  ];
}

export type EventFilter = { event_type?: 'click' | 'scan' | 'page_view'; include_bots?: boolean };

/** The counted events of a row: humans of the chosen type (all types by default), plus bots when asked. */
export function eventsExpr(f: EventFilter, alias = ''): string {
  const p = alias === '' ? '' : `${alias}.`;
  const humans =
    f.event_type === 'click'
      ? `${p}clicks`
      : f.event_type === 'scan'
        ? `${p}scans`
        : f.event_type === 'page_view'
          ? `${p}page_views`
          : `(${p}clicks + ${p}scans + ${p}page_views)`;
  return f.include_bots === true ? `(${humans} + ${p}bot_events)` : humans;
}

export const num = (v: string | number | null | undefined): number =>
  v === null || v === undefined ? 0 : Number(v);
