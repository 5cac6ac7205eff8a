import type pg from 'pg';
import type { AnalyticsScope } from './scope';
import {
  num,
  ROLLUP_ROWS,
  sourceParams,
  UNIQUE_ROWS,
  WORKSPACE_ROWS,
  workspaceHourlyCovers,
} from './rollup-source';

export type TimeseriesPoint = {
  bucket_start: string;
  clicks: number;
  scans: number;
  page_views: number;
  /** Distinct visitors of that day (the salt rotates per UTC day); null for hourly buckets. */
  unique_visitors: number | null;
  bot_events: number;
};

/**
 * Counts per bucket over [from, to), every bucket present (zeros included). Day buckets are
 * calendar days of the workspace time zone (23 or 25 hours across a DST change); hour buckets
 * are clock hours. Bots are in `bot_events`, never in the other counts.
 */
export async function timeseries(
  db: Pick<pg.Pool, 'query'>,
  scope: AnalyticsScope,
  q: { from: Date; to: Date; interval: 'hour' | 'day' },
  now: Date = new Date(),
): Promise<TimeseriesPoint[]> {
  // every resource of the workspace: the per-workspace hourly totals (24 rows a day, however many resources)
  const wide = workspaceHourlyCovers(scope, q.from, q.to, now);
  const params = wide
    ? [scope.workspaceId, null, q.from, q.to]
    : sourceParams(scope, q.from, q.to, 'all', now, q.interval === 'day' && scope.timeZone === 'UTC');
  const tz = wide ? '$5' : '$7';
  const local = (col: string) =>
    q.interval === 'day'
      ? `(date_trunc('day', ${col} AT TIME ZONE ${tz}) AT TIME ZONE ${tz})`
      : `(date_trunc('hour', ${col} AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;
  const series =
    q.interval === 'day'
      ? `SELECT g AT TIME ZONE ${tz} AS b FROM generate_series(date_trunc('day', $3::timestamptz AT TIME ZONE ${tz}), ($4::timestamptz - interval '1 microsecond') AT TIME ZONE ${tz}, interval '1 day') g`
      : `SELECT g AS b FROM generate_series(${local('$3::timestamptz')}, $4::timestamptz - interval '1 microsecond', interval '1 hour') g`;
  const uniques =
    q.interval === 'day'
      ? `LEFT JOIN (SELECT (event_date::timestamp AT TIME ZONE ${tz}) AS b, count(DISTINCT visitor_hash) AS u FROM ${UNIQUE_ROWS} uv GROUP BY event_date) u ON u.b = s.b`
      : 'LEFT JOIN (SELECT NULL::timestamptz AS b, NULL::bigint AS u) u ON false';
  const sql = `
    WITH s AS (${series}),
    d AS (SELECT ${local('bucket_start')} AS b, sum(clicks) AS clicks, sum(scans) AS scans, sum(page_views) AS page_views, sum(bot_events) AS bot_events
            FROM ${wide ? WORKSPACE_ROWS : ROLLUP_ROWS} r GROUP BY 1)
    SELECT s.b AS bucket_start, d.clicks, d.scans, d.page_views, d.bot_events, u.u AS unique_visitors
      FROM s LEFT JOIN d ON d.b = s.b ${uniques}
     ORDER BY s.b`;
  const res = await db.query<{
    bucket_start: Date;
    clicks: string | null;
    scans: string | null;
    page_views: string | null;
    bot_events: string | null;
    unique_visitors: string | null;
  }>(sql, [...params, ...(q.interval === 'day' ? [scope.timeZone] : [])]);
  return res.rows.map((r) => ({
    bucket_start: r.bucket_start.toISOString(),
    clicks: num(r.clicks),
    scans: num(r.scans),
    page_views: num(r.page_views),
    unique_visitors: q.interval === 'day' ? num(r.unique_visitors) : null,
    bot_events: num(r.bot_events),
  }));
}
