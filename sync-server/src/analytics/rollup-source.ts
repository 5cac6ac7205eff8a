import type { AnalyticsScope } from './scope';
import { hourlyCutoff } from './scope';

/**
 * The rollup rows of one dimension that a read covers, as one SQL source with fixed parameters:
 * $1 workspace, $2 resource ids (uuid[] or null), $3 from, $4 to, $5 hourly cutoff (null: hourly
 * only), $6 dimension. Hourly rows from the cutoff on, daily rows (whole UTC days) before it.
 */
export const ROLLUP_ROWS = `(
  SELECT bucket_start, resource_id, resource_type, value, clicks, scans, page_views, bot_events FROM analytics_rollup_hourly
   WHERE workspace_id = $1 AND ($2::uuid[] IS NULL OR resource_id = ANY($2::uuid[])) AND dimension = $6
     AND bucket_start >= greatest($3::timestamptz, coalesce($5::timestamptz, '-infinity'::timestamptz)) AND bucket_start < $4::timestamptz
  UNION ALL
  SELECT bucket_start, resource_id, resource_type, value, clicks, scans, page_views, bot_events FROM analytics_rollup_daily
   WHERE workspace_id = $1 AND ($2::uuid[] IS NULL OR resource_id = ANY($2::uuid[])) AND dimension = $6
     AND bucket_start >= $3::timestamptz AND bucket_start < least($4::timestamptz, coalesce($5::timestamptz, '-infinity'::timestamptz))
)`;

/** Unique visitors (count of distinct daily visitor hashes) over the UTC days of $3…$4, same $1/$2. */
export const UNIQUE_ROWS = `(
  SELECT event_date, visitor_hash FROM analytics_unique_visitor_days
   WHERE workspace_id = $1 AND ($2::uuid[] IS NULL OR resource_id = ANY($2::uuid[]))
     AND event_date >= ($3::timestamptz AT TIME ZONE 'UTC')::date AND event_date <= (($4::timestamptz - interval '1 microsecond') AT TIME ZONE 'UTC')::date
)`;

export function sourceParams(scope: AnalyticsScope, from: Date, to: Date, dimension: string, now: Date): unknown[] {
  return [scope.workspaceId, scope.resourceIds, from, to, hourlyCutoff(scope.plan, now), dimension];
}

export type EventFilter = { event_type?: 'click' | 'scan' | 'page_view'; include_bots?: boolean };

/** The counted events of a row: humans of the chosen type (all types by default), plus bots when asked. */
export function eventsExpr(f: EventFilter, alias = ''): string {
  const p = alias === '' ? '' : `${alias}.`;
  const humans = f.event_type === 'click' ? `${p}clicks` : f.event_type === 'scan' ? `${p}scans` : f.event_type === 'page_view' ? `${p}page_views` : `(${p}clicks + ${p}scans + ${p}page_views)`;
  return f.include_bots === true ? `(${humans} + ${p}bot_events)` : humans;
}

export const num = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));
