import type { DashboardDimension } from './dashboard';
import { ROLLUP_DIMENSIONS } from './rollup-dimensions';

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

/** The human events of [$1, $2) (whole UTC hours) grouped into cube rows, as an INSERT. */
export const CUBE_FROM_RAW = `
INSERT INTO analytics_cube_hourly (workspace_id, resource_id, bucket_start, ${CUBE_DIMENSIONS.join(', ')}, clicks, scans, page_views)
SELECT workspace_id, coalesce(parent_resource_id, resource_id), date_trunc('hour', occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
       ${CUBE_DIMENSIONS.map((d) => CUBE_COLUMN_SQL[d]).join(',\n       ')},
       count(*) FILTER (WHERE event_type = 'click'), count(*) FILTER (WHERE event_type = 'scan'),
       count(*) FILTER (WHERE event_type = 'page_view')
  FROM click_events
 WHERE occurred_at >= $1::timestamptz AND occurred_at < $2::timestamptz AND NOT is_bot
 GROUP BY ${Array.from({ length: CUBE_DIMENSIONS.length + 3 }, (_, i) => i + 1).join(', ')}`;

/** The per-resource cube rows of [$1, $2) summed over each workspace's resources, as an INSERT (migration 0161). */
export const CUBE_WORKSPACE_FROM_RESOURCES = `
INSERT INTO analytics_cube_workspace_hourly (workspace_id, bucket_start, ${CUBE_DIMENSIONS.join(', ')}, clicks, scans, page_views)
SELECT workspace_id, bucket_start, ${CUBE_DIMENSIONS.join(', ')}, sum(clicks), sum(scans), sum(page_views)
  FROM analytics_cube_hourly
 WHERE bucket_start >= $1::timestamptz AND bucket_start < $2::timestamptz
 GROUP BY ${Array.from({ length: CUBE_DIMENSIONS.length + 2 }, (_, i) => i + 1).join(', ')}`;
