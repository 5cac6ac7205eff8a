import type pg from 'pg';
import { DAILY_COMPLETE_BEFORE } from '@linkhub/shared/analytics/daily-rollups';

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Per-resource 7- and 30-day totals in `analytics_summaries` (the editor pulls them as
 * `summary/{resource_id}`). Computed from the hourly rollups (dimension `all`; humans only) and the
 * unique-visitor days; `daily_counts` the last 14 days in the workspace's zone (oldest first); `total_events` is all time (daily rollups of the completed days before today, D-437, + the later hours) and
 * `last_event_at` the start of the hour of the newest event. A row whose numbers did not change
 * is not rewritten, so its row_version (and the client's pull) stays put.
 *
 * `resourceIds` null: every resource active in the last 30 days plus every summary still showing
 * numbers (so old activity ages out to zero).
 */
const REFRESH_SQL = `
WITH params AS (
  SELECT $1::timestamptz AS now, $1::timestamptz - interval '7 days' AS from7, $1::timestamptz - interval '30 days' AS from30,
         ($1::timestamptz AT TIME ZONE 'UTC')::date AS today,
         least(date_trunc('day', $1::timestamptz AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', ${DAILY_COMPLETE_BEFORE}) AS daily_before
),
targets AS (
  SELECT DISTINCT h.workspace_id, h.resource_id, h.resource_type FROM analytics_rollup_hourly h, params p
   WHERE h.dimension = 'all' AND h.bucket_start >= p.from30 AND ($2::uuid[] IS NULL OR h.resource_id = ANY($2::uuid[]))
  UNION
  SELECT s.workspace_id, s.resource_id, s.resource_type FROM analytics_summaries s
   WHERE ($2::uuid[] IS NULL AND (s.clicks_30d + s.scans_30d + s.page_views_30d) > 0)
),
counts AS (
  SELECT t.workspace_id, t.resource_id, t.resource_type,
    coalesce(sum(h.clicks) FILTER (WHERE h.bucket_start >= p.from7), 0) AS clicks_7d,
    coalesce(sum(h.clicks), 0) AS clicks_30d,
    coalesce(sum(h.scans) FILTER (WHERE h.bucket_start >= p.from7), 0) AS scans_7d,
    coalesce(sum(h.scans), 0) AS scans_30d,
    coalesce(sum(h.page_views) FILTER (WHERE h.bucket_start >= p.from7), 0) AS page_views_7d,
    coalesce(sum(h.page_views), 0) AS page_views_30d,
    max(h.bucket_start) AS last_hour
  FROM targets t CROSS JOIN params p
  LEFT JOIN analytics_rollup_hourly h
    ON h.workspace_id = t.workspace_id AND h.resource_id = t.resource_id AND h.dimension = 'all' AND h.value = '' AND h.bucket_start >= p.from30
  GROUP BY t.workspace_id, t.resource_id, t.resource_type
),
uniques AS (
  SELECT u.resource_id,
    count(*) FILTER (WHERE u.event_date > (SELECT today FROM params) - 7) AS u7,
    count(*) AS u30
  FROM analytics_unique_visitor_days u
  WHERE u.resource_id IN (SELECT resource_id FROM targets) AND u.event_date > (SELECT today FROM params) - 30
  GROUP BY u.resource_id
),
alltime AS (
  SELECT t.resource_id,
    coalesce((SELECT sum(d.clicks + d.scans + d.page_views) FROM analytics_rollup_daily d, params p
               WHERE d.resource_id = t.resource_id AND d.dimension = 'all' AND d.bucket_start < p.daily_before), 0)
    + coalesce((SELECT sum(h.clicks + h.scans + h.page_views) FROM analytics_rollup_hourly h, params p
               WHERE h.resource_id = t.resource_id AND h.dimension = 'all' AND h.bucket_start >= p.daily_before), 0) AS total
  FROM targets t
),
days AS (
  SELECT t.resource_id, generate_series(((SELECT now FROM params) AT TIME ZONE w.time_zone)::date - 13,
                                        ((SELECT now FROM params) AT TIME ZONE w.time_zone)::date, interval '1 day')::date AS day, w.time_zone
  FROM targets t JOIN workspaces w ON w.id = t.workspace_id
),
daily AS (
  SELECT d.resource_id, jsonb_agg(jsonb_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'count', coalesce(
    (SELECT sum(h.clicks + h.scans + h.page_views) FROM analytics_rollup_hourly h
      WHERE h.resource_id = d.resource_id AND h.dimension = 'all' AND h.value = ''
        AND h.bucket_start >= d.day::timestamp AT TIME ZONE d.time_zone
        AND h.bucket_start < (d.day + 1)::timestamp AT TIME ZONE d.time_zone), 0)) ORDER BY d.day) AS strip
  FROM days d
  GROUP BY d.resource_id
)
INSERT INTO analytics_summaries AS s (workspace_id, resource_type, resource_id, clicks_7d, clicks_30d, scans_7d, scans_30d,
  page_views_7d, page_views_30d, unique_visitors_7d, unique_visitors_30d, total_events, daily_counts, last_event_at, computed_at)
SELECT c.workspace_id, c.resource_type, c.resource_id, c.clicks_7d, c.clicks_30d, c.scans_7d, c.scans_30d,
  c.page_views_7d, c.page_views_30d, coalesce(u.u7, 0), coalesce(u.u30, 0), greatest(a.total, c.clicks_30d + c.scans_30d + c.page_views_30d), coalesce(dl.strip, '[]'::jsonb), c.last_hour, $1::timestamptz
FROM counts c
JOIN workspaces w ON w.id = c.workspace_id
LEFT JOIN uniques u ON u.resource_id = c.resource_id
LEFT JOIN alltime a ON a.resource_id = c.resource_id
LEFT JOIN daily dl ON dl.resource_id = c.resource_id
WHERE c.resource_type IN ('link', 'qr_code', 'bio_page')
ON CONFLICT (resource_id) DO UPDATE SET
  clicks_7d = EXCLUDED.clicks_7d, clicks_30d = EXCLUDED.clicks_30d, scans_7d = EXCLUDED.scans_7d, scans_30d = EXCLUDED.scans_30d,
  page_views_7d = EXCLUDED.page_views_7d, page_views_30d = EXCLUDED.page_views_30d,
  unique_visitors_7d = EXCLUDED.unique_visitors_7d, unique_visitors_30d = EXCLUDED.unique_visitors_30d,
  total_events = EXCLUDED.total_events, daily_counts = EXCLUDED.daily_counts, last_event_at = coalesce(EXCLUDED.last_event_at, s.last_event_at),
  computed_at = EXCLUDED.computed_at, updated_at = now()
WHERE (s.clicks_7d, s.clicks_30d, s.scans_7d, s.scans_30d, s.page_views_7d, s.page_views_30d, s.unique_visitors_7d, s.unique_visitors_30d, s.total_events, s.daily_counts)
  IS DISTINCT FROM (EXCLUDED.clicks_7d, EXCLUDED.clicks_30d, EXCLUDED.scans_7d, EXCLUDED.scans_30d, EXCLUDED.page_views_7d,
  EXCLUDED.page_views_30d, EXCLUDED.unique_visitors_7d, EXCLUDED.unique_visitors_30d, EXCLUDED.total_events, EXCLUDED.daily_counts)
RETURNING s.workspace_id`;

export type SummaryRefresh = {
  /** How many summary rows changed. */
  readonly changed: number;
  /** The workspaces those rows belong to (each once): whose editors should pull. */
  readonly workspaceIds: string[];
};

/** Recomputes the summaries of the given resources (null: all that need it). */
export async function refreshSummaries(
  db: Queryable,
  now: Date,
  resourceIds: readonly string[] | null,
): Promise<SummaryRefresh> {
  if (resourceIds !== null && resourceIds.length === 0) return { changed: 0, workspaceIds: [] };
  const res = await db.query<{ workspace_id: string }>(REFRESH_SQL, [
    now,
    resourceIds === null ? null : [...resourceIds],
  ]);
  return { changed: res.rows.length, workspaceIds: [...new Set(res.rows.map((r) => r.workspace_id))] };
}
