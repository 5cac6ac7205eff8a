import type { Queryable } from '../db/sql';
import type { DashboardDimension } from '../../analytics/dashboard';
import { ROLLUP_DIMENSIONS } from '../../analytics/rollup-dimensions';

/**
 * The hourly cube (`analytics_cube_hourly`, migration 0160): every filterable dimension of the
 * dashboard but `event_type` is a column holding the rollups' expression of that dimension ('' =
 * unknown), and event types are the `clicks`, `scans`, `page_views` counters. The worker builds it
 * from raw events with these expressions; the dashboard reads the same names from both sources.
 */
export type CubeDimension = Exclude<DashboardDimension, 'event_type'>;

export const CUBE_DIMENSIONS = [
  'country',
  'region',
  'device_type',
  'os_family',
  'browser_family',
  'referrer_host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'language',
  'variant',
] as const satisfies readonly CubeDimension[];

/** Each cube column's value computed from a `click_events` row. */
export const CUBE_COLUMN_SQL: Record<CubeDimension, string> = {
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

/**
 * The hash of a `click_events` row's visitor-day (the unit of unique visitors: the visitor hash and
 * its UTC day) as the cube's HyperLogLog sketches take it (migration 0166, D-380).
 */
export const VISITOR_DAY_HASH_SQL = `hll_hash_bytea(visitor_hash || int4send((occurred_at AT TIME ZONE 'UTC')::date - DATE '2000-01-01'))`;

/** The cube's event counters, and the event type each counts. */
export const COUNTERS = ['clicks', 'scans', 'page_views'] as const;
export type Counter = (typeof COUNTERS)[number];
export const EVENT_TYPE_OF = { clicks: 'click', scans: 'scan', page_views: 'page_view' } as const;

/** Each counter's visitor sketch column (migration 0166): NULL when the row has no event of that type. */
export const SKETCH_OF = {
  clicks: 'click_visitors',
  scans: 'scan_visitors',
  page_views: 'page_view_visitors',
} as const;

/** Whether the cube has its visitor sketches here (the `hll` extension was there at migration 0166). */
export async function cubeHasSketches(db: Queryable): Promise<boolean> {
  const res = await db.query(
    "SELECT 1 FROM pg_attribute WHERE attrelid = 'analytics_cube_workspace_hourly'::regclass AND attname = 'scan_visitors' AND NOT attisdropped",
  );
  return (res.rowCount ?? 0) > 0;
}

/**
 * Rows are written in this order (D-381): an hour's rows of one country, and of one referrer within
 * it, sit on the same few pages, so a view filtered on them (the filters people pick first, each
 * with an index) reads a few pages per hour instead of one per row.
 */
const clustered = (bucketColumn: number) =>
  `ORDER BY 1, ${bucketColumn}, ${bucketColumn + 1 + CUBE_DIMENSIONS.indexOf('country')}, ${bucketColumn + 1 + CUBE_DIMENSIONS.indexOf('referrer_host')}`;

const groupBy = (n: number) => Array.from({ length: n }, (_, i) => i + 1).join(', ');

/** The human events of [$1, $2) (whole UTC hours) grouped into cube rows, as an INSERT; with each row's visitor sketch when `sketches`. */
export const cubeFromRaw = (sketches: boolean) => `
INSERT INTO analytics_cube_hourly (workspace_id, resource_id, bucket_start, ${CUBE_DIMENSIONS.join(', ')}, clicks, scans, page_views${sketches ? `, ${COUNTERS.map((c) => SKETCH_OF[c]).join(', ')}` : ''})
SELECT workspace_id, coalesce(parent_resource_id, resource_id), date_trunc('hour', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
       ${CUBE_DIMENSIONS.map((d) => CUBE_COLUMN_SQL[d]).join(',\n       ')},
       count(*) FILTER (WHERE event_type = 'click'), count(*) FILTER (WHERE event_type = 'scan'),
       count(*) FILTER (WHERE event_type = 'page_view')${
         sketches
           ? COUNTERS.map(
               (c) =>
                 `,\n       hll_add_agg(${VISITOR_DAY_HASH_SQL}) FILTER (WHERE event_type = '${EVENT_TYPE_OF[c]}')`,
             ).join('')
           : ''
       }
  FROM click_events
 WHERE occurred_at >= $1::timestamptz AND occurred_at < $2::timestamptz AND NOT is_bot
 GROUP BY ${groupBy(CUBE_DIMENSIONS.length + 3)}
 ${clustered(3)}`;

/** The per-resource cube rows of [$1, $2) summed over each workspace's resources, as an INSERT (migration 0161); sketches united. */
export const cubeWorkspaceFromResources = (sketches: boolean) => `
INSERT INTO analytics_cube_workspace_hourly (workspace_id, bucket_start, ${CUBE_DIMENSIONS.join(', ')}, clicks, scans, page_views${sketches ? `, ${COUNTERS.map((c) => SKETCH_OF[c]).join(', ')}` : ''})
SELECT workspace_id, bucket_start, ${CUBE_DIMENSIONS.join(', ')}, sum(clicks), sum(scans), sum(page_views)${
  sketches ? COUNTERS.map((c) => `, hll_union_agg(${SKETCH_OF[c]})`).join('') : ''
}
  FROM analytics_cube_hourly
 WHERE bucket_start >= $1::timestamptz AND bucket_start < $2::timestamptz
 GROUP BY ${groupBy(CUBE_DIMENSIONS.length + 2)}
 ${clustered(2)}`;
