import type { Queryable } from '../db/sql';
import { COUNTERS, CUBE_COLUMN_SQL, CUBE_DIMENSIONS } from './cube';
import { cubeRange } from './cube-window';
import { andAll, filterSql } from './filter-sql';
import type {
  DashboardDimension,
  DashboardFilters,
  DashboardPoint,
  DashboardRow,
} from '../../analytics/dashboard';
import type { Window } from './dashboard-window';

type Db = Queryable;
const num = (v: string | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

export type EventSelection = {
  workspaceId: string;
  /** null: every resource; else the resources counted (a bio block click counts for its page). */
  resourceIds: string[] | null;
  timeZone: string;
  filters: DashboardFilters;
};

/** Event counts of a filtered view; its unique visitors are counted apart (filtered-visitors.ts, D-380). */
export type FilteredCounts = { clicks: number; scans: number; page_views: number; unique_visitors: null };

export type FilteredAnswer = {
  totals: FilteredCounts;
  series: DashboardPoint[];
  breakdowns: Partial<Record<DashboardDimension, DashboardRow[]>>;
  /** The hours read from the cube ([from, to), empty when from = to); the rest came from raw events. */
  cube: { from: Date; to: Date };
};

/** The instant up to which the worker has built the cube (hours after it are read from raw events); epoch 0 before its first build. */
export async function cubeBuiltThrough(db: Db): Promise<Date> {
  const res = await db.query<{ built_through: Date | null }>(
    'SELECT built_through FROM analytics_cube_state',
  );
  return res.rows[0]?.built_through ?? new Date(0);
}

/**
 * The SQL of a filtered selection's rows in one shape (t, the cube's dimension columns, clicks,
 * scans, page_views): cube rows for the closed hours $6…$7 (summed per workspace when every
 * resource is counted, per resource otherwise), raw human events for the window's
 * other parts ($8…$6 and $7…$4, each its own index range). Parameters: $1 workspace, $2 resources,
 * $3 from, $4 to, $5 time zone, $6/$7 the cube's hours, $8 the first instant with data kept, then
 * one per filter.
 */
function rowsSql(s: EventSelection): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const f = filterSql(s.filters, (value) => {
    params.push(value);
    return `$${params.length + 8}::text`;
  });
  const rawColumns = `${CUBE_DIMENSIONS.map((d) => `${CUBE_COLUMN_SQL[d]} AS ${d}`).join(', ')},
    (event_type = 'click')::int AS clicks, (event_type = 'scan')::int AS scans, (event_type = 'page_view')::int AS page_views`;
  const raw = (lo: string, hi: string) => `
  SELECT occurred_at AS t, ${rawColumns} FROM click_events
   WHERE workspace_id = $1 AND occurred_at >= ${lo} AND occurred_at < ${hi} AND NOT is_bot
     AND ($2::uuid[] IS NULL OR coalesce(parent_resource_id, resource_id) = ANY($2::uuid[]))${andAll(f.raw)}`;
  const sql = `
  SELECT bucket_start AS t, ${CUBE_DIMENSIONS.join(', ')}, ${COUNTERS.map((c) => `${f.counter(c)} AS ${c}`).join(', ')}
    FROM ${s.resourceIds === null ? 'analytics_cube_workspace_hourly' : 'analytics_cube_hourly'}
   WHERE workspace_id = $1 AND bucket_start >= greatest($6::timestamptz, $8::timestamptz) AND bucket_start < $7::timestamptz
     ${s.resourceIds === null ? '' : 'AND resource_id = ANY($2::uuid[])'}${andAll(f.cube)}
  UNION ALL${raw('$8::timestamptz', '$6::timestamptz')}
  UNION ALL${raw('$7::timestamptz', '$4::timestamptz')}`;
  return { sql, params };
}

type Raw = {
  dim: string;
  value: string;
  clicks: string | null;
  scans: string | null;
  page_views: string | null;
};

const SUMS = 'sum(clicks) AS clicks, sum(scans) AS scans, sum(page_views) AS page_views';

/** Largest first; on a tie by value, "unknown" ('') first: the order the rollup breakdowns answer in. */
const byEventsThenName = (a: DashboardRow, b: DashboardRow): number =>
  b.events - a.events || ((a.value ?? '') < (b.value ?? '') ? -1 : (a.value ?? '') > (b.value ?? '') ? 1 : 0);

/**
 * Totals, the series and the breakdowns of a filtered selection in one statement: the matching cube
 * rows and raw events are read once and summed per series bucket and combination (a materialised
 * CTE, 24× fewer rows than hours for a daily series), then per dimension. Counts are exact:
 * the cube holds every human event of its hours, the raw events every other one. Nothing before
 * `since` is read (the plan's cube retention: the retention job deletes those rows at night, so the
 * numbers do not change when it runs); the series still has every bucket of the window.
 */
export async function filteredAnswer(
  db: Db,
  s: EventSelection,
  w: Window,
  interval: 'hour' | 'day',
  dims: readonly DashboardDimension[],
  limit: number,
  source: { builtThrough: Date; since: Date | null },
): Promise<FilteredAnswer> {
  const builtThrough = source.builtThrough;
  const dataFrom = source.since !== null && source.since > w.from ? source.since : w.from;
  const cube = cubeRange(w, interval, s.timeZone, builtThrough);
  const rows = rowsSql(s);
  const bucket =
    interval === 'day'
      ? `(date_trunc('day', t AT TIME ZONE $5) AT TIME ZONE $5)`
      : `date_trunc('hour', t AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
  const buckets =
    interval === 'day'
      ? `SELECT g AT TIME ZONE $5 AS b FROM generate_series(date_trunc('day', $3::timestamptz AT TIME ZONE $5), ($4::timestamptz - interval '1 microsecond') AT TIME ZONE $5, interval '1 day') g`
      : `SELECT g AT TIME ZONE 'UTC' AS b FROM generate_series(date_trunc('hour', $3::timestamptz AT TIME ZONE 'UTC'), ($4::timestamptz - interval '1 microsecond') AT TIME ZONE 'UTC', interval '1 hour') g`;
  const perDim = dims.map((dim) =>
    dim === 'event_type'
      ? `SELECT 'event_type', v.value, v.clicks, v.scans, v.page_views FROM a,
           LATERAL (VALUES ('click', a.clicks, 0, 0), ('scan', 0, a.scans, 0), ('page_view', 0, 0, a.page_views)) v(value, clicks, scans, page_views)
          WHERE v.clicks + v.scans + v.page_views > 0`
      : `SELECT '${dim}', value, clicks, scans, page_views FROM (
           SELECT ${dim} AS value, ${SUMS}, row_number() OVER (ORDER BY sum(clicks + scans + page_views) DESC, ${dim}) AS rank
             FROM e GROUP BY 1) x WHERE rank <= ${limit}`,
  );
  const sql = `
    WITH e AS MATERIALIZED (
      SELECT ${bucket} AS b, ${CUBE_DIMENSIONS.join(', ')}, ${SUMS}
        FROM (${rows.sql}) r
       GROUP BY ${Array.from({ length: CUBE_DIMENSIONS.length + 1 }, (_, i) => i + 1).join(', ')}),
    a AS (SELECT coalesce(sum(clicks), 0) AS clicks, coalesce(sum(scans), 0) AS scans, coalesce(sum(page_views), 0) AS page_views FROM e),
    s AS (${buckets}),
    -- names $5's type when hourly buckets (UTC hours) leave the time zone unused
    zone AS (SELECT $5::text AS name),
    b AS (SELECT b, ${SUMS} FROM e GROUP BY 1)
    SELECT 'all' AS dim, '' AS value, clicks, scans, page_views FROM a
    UNION ALL
    SELECT 'series', extract(epoch FROM s.b)::bigint::text, coalesce(b.clicks, 0), coalesce(b.scans, 0), coalesce(b.page_views, 0)
      FROM s LEFT JOIN b ON b.b = s.b
    ${perDim.map((q) => `UNION ALL ${q}`).join('\n')}`;
  const res = await db.query<Raw>(sql, [
    s.workspaceId,
    s.resourceIds,
    w.from,
    w.to,
    s.timeZone,
    cube.from,
    cube.to,
    dataFrom,
    ...rows.params,
  ]);
  const counts = (r: Raw) => ({ clicks: num(r.clicks), scans: num(r.scans), page_views: num(r.page_views) });
  const all = res.rows.find((r) => r.dim === 'all');
  const series = res.rows
    .filter((r) => r.dim === 'series')
    .map((r) => ({
      bucket_start: new Date(Number(r.value) * 1000).toISOString(),
      ...counts(r),
      unique_visitors: null,
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
    totals: { ...(all ? counts(all) : { clicks: 0, scans: 0, page_views: 0 }), unique_visitors: null },
    series,
    breakdowns,
    cube,
  };
}
