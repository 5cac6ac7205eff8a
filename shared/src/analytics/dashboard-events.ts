import type { Queryable } from '../db/sql';
import { ROLLUP_DIMENSIONS } from './rollup-dimensions';
import {
  DASHBOARD_DIMENSIONS,
  type DashboardCounts,
  type DashboardDimension,
  type DashboardFilters,
  type DashboardPoint,
  type DashboardRow,
} from './dashboard';
import type { Window } from './dashboard-window';

type Db = Queryable;
const num = (v: string | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * The SQL of each dashboard dimension over `click_events`: the rollups' own expressions (one table,
 * shared/analytics/rollup-dimensions.ts), so a filtered count from raw events and an unfiltered one
 * from the rollups name the same thing; '' is "unknown".
 */
export const EVENT_DIMENSION_SQL: Record<DashboardDimension, string> = {
  event_type: 'event_type',
  country: ROLLUP_DIMENSIONS.country.sql,
  region: ROLLUP_DIMENSIONS.region.sql,
  device_type: ROLLUP_DIMENSIONS.device_type.sql,
  os_family: ROLLUP_DIMENSIONS.os_family.sql,
  browser_family: ROLLUP_DIMENSIONS.browser_family.sql,
  referrer_host: ROLLUP_DIMENSIONS.referrer_host.sql,
  utm_source: ROLLUP_DIMENSIONS.utm_source.sql,
  utm_medium: ROLLUP_DIMENSIONS.utm_medium.sql,
  utm_campaign: ROLLUP_DIMENSIONS.utm_campaign.sql,
  language: ROLLUP_DIMENSIONS.language.sql,
  variant: ROLLUP_DIMENSIONS.variant.sql,
};

export type EventSelection = {
  workspaceId: string;
  /** null: every resource; else the resources counted (a bio block click counts for its page). */
  resourceIds: string[] | null;
  timeZone: string;
  filters: DashboardFilters;
};

/**
 * The human events of a selection in [from, to) with every filter applied, as a WHERE clause and
 * its parameters ($1 workspace, $2 resources, $3 from, $4 to, $5 time zone, then one per filter).
 */
export function selectionWhere(s: EventSelection, w: Window): { where: string; params: unknown[] } {
  const params: unknown[] = [s.workspaceId, s.resourceIds, w.from, w.to, s.timeZone];
  const clauses = [
    'workspace_id = $1',
    'occurred_at >= $3::timestamptz',
    'occurred_at < $4::timestamptz',
    'NOT is_bot',
    '($2::uuid[] IS NULL OR coalesce(parent_resource_id, resource_id) = ANY($2::uuid[]))',
  ];
  for (const dim of DASHBOARD_DIMENSIONS) {
    const value = s.filters[dim];
    if (value === undefined) continue;
    params.push(value);
    clauses.push(`${EVENT_DIMENSION_SQL[dim]} = $${params.length}::text`);
  }
  return { where: clauses.join(' AND '), params };
}

/** The columns the dimensions, counts and uniques read (a narrow copy of the matching events). */
const EVENT_COLUMNS =
  'occurred_at, event_type, visitor_hash, country_code, region_code, device_type, os_family, browser_family, referrer_host, utm_source, utm_medium, utm_campaign, variant_id, language';

const COUNTS = `count(*) FILTER (WHERE event_type = 'click') AS clicks, count(*) FILTER (WHERE event_type = 'scan') AS scans,
  count(*) FILTER (WHERE event_type = 'page_view') AS page_views`;
const UNIQUES = `count(DISTINCT ((occurred_at AT TIME ZONE 'UTC')::date, visitor_hash))`;

type Raw = {
  dim: string;
  value: string;
  clicks: string;
  scans: string;
  page_views: string;
  u: string | null;
};

/** Largest first; on a tie by value, "unknown" ('') first: the order the rollup breakdowns answer in. */
const byEventsThenName = (a: DashboardRow, b: DashboardRow): number =>
  b.events - a.events || ((a.value ?? '') < (b.value ?? '') ? -1 : (a.value ?? '') > (b.value ?? '') ? 1 : 0);

export type EventAnswer = {
  totals: DashboardCounts;
  series: DashboardPoint[];
  breakdowns: Partial<Record<DashboardDimension, DashboardRow[]>>;
};

/**
 * Totals, the series and the breakdowns of a filtered selection in one statement: the matching
 * events are read once (a materialised CTE) and grouped per dimension. Uniques count distinct
 * (UTC day, visitor hash) pairs, as the rollups' unique-visitor days do.
 */
export async function eventAnswer(
  db: Db,
  s: EventSelection,
  w: Window,
  interval: 'hour' | 'day',
  dims: readonly DashboardDimension[],
  limit: number,
): Promise<EventAnswer> {
  const { where, params } = selectionWhere(s, w);
  const bucket =
    interval === 'day'
      ? `(date_trunc('day', occurred_at AT TIME ZONE $5) AT TIME ZONE $5)`
      : `date_trunc('hour', occurred_at)`;
  const buckets =
    interval === 'day'
      ? `SELECT g AT TIME ZONE $5 AS b FROM generate_series(date_trunc('day', $3::timestamptz AT TIME ZONE $5), ($4::timestamptz - interval '1 microsecond') AT TIME ZONE $5, interval '1 day') g`
      : `SELECT g AS b FROM generate_series(date_trunc('hour', $3::timestamptz), $4::timestamptz - interval '1 microsecond', interval '1 hour') g`;
  const perDim = dims.map(
    (dim) => `SELECT '${dim}' AS dim, value, clicks, scans, page_views, NULL::bigint AS u FROM (
       SELECT ${EVENT_DIMENSION_SQL[dim]} AS value, ${COUNTS}, row_number() OVER (ORDER BY count(*) DESC, ${EVENT_DIMENSION_SQL[dim]}) AS rank
         FROM e GROUP BY 1) x WHERE rank <= ${limit}`,
  );
  const sql = `
    WITH e AS MATERIALIZED (SELECT ${EVENT_COLUMNS} FROM click_events WHERE ${where}),
    s AS (${buckets}),
    -- names $5's type when hourly buckets (UTC hours) leave the time zone unused
    zone AS (SELECT $5::text AS name),
    b AS (SELECT ${bucket} AS b, ${COUNTS}, ${UNIQUES} AS u FROM e GROUP BY 1)
    SELECT 'all' AS dim, '' AS value, ${COUNTS}, ${UNIQUES} AS u FROM e
    UNION ALL
    SELECT 'series', extract(epoch FROM s.b)::bigint::text, coalesce(b.clicks, 0), coalesce(b.scans, 0), coalesce(b.page_views, 0), coalesce(b.u, 0)
      FROM s LEFT JOIN b ON b.b = s.b
    ${perDim.map((q) => `UNION ALL ${q}`).join('\n')}`;
  const res = await db.query<Raw>(sql, params);
  const counts = (r: Raw) => ({ clicks: num(r.clicks), scans: num(r.scans), page_views: num(r.page_views) });
  const all = res.rows.find((r) => r.dim === 'all');
  const series = res.rows
    .filter((r) => r.dim === 'series')
    .map((r) => ({
      bucket_start: new Date(Number(r.value) * 1000).toISOString(),
      ...counts(r),
      unique_visitors: interval === 'day' ? num(r.u) : null,
    }))
    .sort((a, b) => (a.bucket_start < b.bucket_start ? -1 : 1));
  const breakdowns: Partial<Record<DashboardDimension, DashboardRow[]>> = {};
  for (const dim of dims) {
    breakdowns[dim] = res.rows
      .filter((r) => r.dim === dim)
      .map((r) => {
        const c = counts(r);
        return { value: r.value === '' ? null : r.value, events: c.clicks + c.scans + c.page_views, ...c };
      })
      .sort(byEventsThenName);
  }
  return {
    totals: all
      ? { ...counts(all), unique_visitors: num(all.u) }
      : { clicks: 0, scans: 0, page_views: 0, unique_visitors: 0 },
    series,
    breakdowns,
  };
}
