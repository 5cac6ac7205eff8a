import type { analyticsFoldState } from '@linkhub/shared/server/db/schema/analytics';
import type { RowOf } from '@linkhub/shared/server/db/row';
import type pg from 'pg';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { ROLLUP_DIMENSIONS, ROLLUP_DIMENSION_NAMES } from '@linkhub/shared/analytics/rollup-dimensions';
import { rebuildCubeHours } from './cube';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** `(VALUES ('all', ''), ('country', coalesce(country_code, '')), …)`: one row per dimension of an event. */
const DIMENSION_VALUES = ROLLUP_DIMENSION_NAMES.map(
  (name) => `('${name}', ${ROLLUP_DIMENSIONS[name].sql})`,
).join(',\n      ');

/** Raw events of [$1, $2) → hourly rollups (same rules as the ingest's in-memory aggregation). */
const HOURLY_FROM_RAW = `
INSERT INTO analytics_rollup_hourly (workspace_id, resource_id, resource_type, bucket_start, dimension, value, clicks, scans, page_views, bot_events)
SELECT e.workspace_id, coalesce(e.parent_resource_id, e.resource_id),
       CASE WHEN e.resource_type = 'bio_block' THEN 'bio_page' ELSE e.resource_type END,
       date_trunc('hour', e.occurred_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', d.dim, d.val,
       count(*) FILTER (WHERE NOT e.is_bot AND e.event_type = 'click'),
       count(*) FILTER (WHERE NOT e.is_bot AND e.event_type = 'scan'),
       count(*) FILTER (WHERE NOT e.is_bot AND e.event_type = 'page_view'),
       count(*) FILTER (WHERE e.is_bot)
  FROM click_events e
  CROSS JOIN LATERAL (VALUES
      ${DIMENSION_VALUES}) AS d(dim, val)
 WHERE e.occurred_at >= $1 AND e.occurred_at < $2 AND (d.dim = 'all' OR d.val <> '')
 GROUP BY 1, 2, 3, 4, 5, 6`;

const UNIQUES_FROM_RAW = `
INSERT INTO analytics_unique_visitor_days (workspace_id, resource_id, event_date, visitor_hash)
SELECT DISTINCT e.workspace_id, coalesce(e.parent_resource_id, e.resource_id), (e.occurred_at AT TIME ZONE 'UTC')::date, e.visitor_hash
  FROM click_events e
 WHERE e.occurred_at >= $1 AND e.occurred_at < $2 AND NOT e.is_bot
ON CONFLICT DO NOTHING`;

/** Hourly rows of the UTC days [$1, $2) → daily rows; unique visitors (dimension `all`) from the visitor days. */
const FOLD_DAILY = `
WITH agg AS (
  SELECT h.workspace_id, h.resource_id, min(h.resource_type) AS resource_type,
         date_trunc('day', h.bucket_start AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS day, h.dimension, h.value,
         sum(h.clicks) AS clicks, sum(h.scans) AS scans, sum(h.page_views) AS page_views, sum(h.bot_events) AS bot_events
    FROM analytics_rollup_hourly h
   WHERE h.bucket_start >= $1 AND h.bucket_start < $2
   GROUP BY h.workspace_id, h.resource_id, 4, h.dimension, h.value
), uv AS (
  SELECT resource_id, event_date, count(*) AS n FROM analytics_unique_visitor_days
   WHERE event_date >= ($1::timestamptz AT TIME ZONE 'UTC')::date AND event_date < ($2::timestamptz AT TIME ZONE 'UTC')::date
   GROUP BY resource_id, event_date
)
INSERT INTO analytics_rollup_daily AS d (workspace_id, resource_id, resource_type, bucket_start, dimension, value, clicks, scans, page_views, bot_events, unique_visitors)
SELECT a.workspace_id, a.resource_id, a.resource_type, a.day, a.dimension, a.value, a.clicks, a.scans, a.page_views, a.bot_events,
       CASE WHEN a.dimension = 'all' THEN coalesce(uv.n, 0) ELSE 0 END
  FROM agg a LEFT JOIN uv ON uv.resource_id = a.resource_id AND uv.event_date = (a.day AT TIME ZONE 'UTC')::date
ON CONFLICT (workspace_id, resource_id, bucket_start, dimension, value) DO UPDATE SET
  clicks = EXCLUDED.clicks, scans = EXCLUDED.scans, page_views = EXCLUDED.page_views,
  bot_events = EXCLUDED.bot_events, unique_visitors = EXCLUDED.unique_visitors
WHERE (d.clicks, d.scans, d.page_views, d.bot_events, d.unique_visitors)
  IS DISTINCT FROM (EXCLUDED.clicks, EXCLUDED.scans, EXCLUDED.page_views, EXCLUDED.bot_events, EXCLUDED.unique_visitors)`;

/** The whole-workspace hourly totals of [$1, $2): the `all` hourly rows summed over the workspace's resources. */
const WORKSPACE_FROM_HOURLY = `
INSERT INTO analytics_rollup_workspace_hourly (workspace_id, bucket_start, clicks, scans, page_views, bot_events)
SELECT workspace_id, bucket_start, sum(clicks), sum(scans), sum(page_views), sum(bot_events)
  FROM analytics_rollup_hourly
 WHERE dimension = 'all' AND bucket_start >= $1 AND bucket_start < $2
 GROUP BY workspace_id, bucket_start`;

/**
 * Replaces the whole-workspace hourly totals of [from, to) (whole hours) with the sums of the
 * per-resource `all` rows. Run inside the transaction that rebuilt those rows.
 */
export async function rebuildWorkspaceHourly(
  db: Pick<pg.Pool, 'query'>,
  from: Date,
  to: Date,
): Promise<number> {
  await db.query(
    'DELETE FROM analytics_rollup_workspace_hourly WHERE bucket_start >= $1 AND bucket_start < $2',
    [from, to],
  );
  const res = await db.query(WORKSPACE_FROM_HOURLY, [from, to]);
  return res.rowCount ?? 0;
}

function startOfUtcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

/** Folds the hourly rollups of the UTC days overlapping [from, to) into daily rows; returns rows written. */
export async function foldDaily(db: Pick<pg.Pool, 'query'>, from: Date, to: Date): Promise<number> {
  const lo = startOfUtcDay(from);
  const hi = new Date(startOfUtcDay(new Date(to.getTime() - 1)).getTime() + DAY_MS);
  const res = await db.query(FOLD_DAILY, [lo, hi]);
  return res.rowCount ?? 0;
}

/**
 * The hourly fold: every UTC day from the last one not known complete (or the day two hours ago,
 * whichever is earlier) to today, folded again from the hourly rows; then the days that ended
 * before `now` and before the oldest event still waiting in Redis (`unstoredSince`) are marked
 * complete, so readers take them from the daily rows (D-437). A worker that was down catches up
 * every day it missed. Returns the daily rows written.
 */
export async function foldClosedDays(
  pool: pg.Pool,
  now: Date,
  unstoredSince: number | null,
): Promise<{ rows: number; foldedThrough: Date }> {
  return withTransaction(pool, async (tx) => {
    const state = await tx.query<RowOf<typeof analyticsFoldState, 'foldedThrough'>>(
      'SELECT folded_through FROM analytics_fold_state FOR UPDATE',
    );
    const known = state.rows[0]?.folded_through ?? new Date(now.getTime() - 2 * HOUR_MS);
    const from = new Date(Math.min(known.getTime(), now.getTime() - 2 * HOUR_MS));
    const rows = await foldDaily(tx, from, now);
    const closed = startOfUtcDay(new Date(Math.min(now.getTime(), unstoredSince ?? now.getTime())));
    const next = new Date(Math.max(known.getTime(), closed.getTime()));
    await tx.query(
      `INSERT INTO analytics_fold_state (id, folded_through) VALUES (true, $1)
       ON CONFLICT (id) DO UPDATE SET folded_through = EXCLUDED.folded_through`,
      [next],
    );
    return { rows, foldedThrough: next };
  });
}

/**
 * Rebuilds the hourly rollups (per resource and per workspace), the dashboard's cube and the
 * unique-visitor days of [from, to) (whole hours) from the raw events, then re-folds the days
 * touched. The rows of the range are replaced in one transaction, so readers see either the old or
 * the new numbers.
 */
export async function recomputeFromRaw(
  pool: pg.Pool,
  from: Date,
  to: Date,
  now: Date = new Date(),
): Promise<{ hourlyRows: number }> {
  const lo = new Date(Math.floor(from.getTime() / HOUR_MS) * HOUR_MS);
  const hi = new Date(Math.ceil(to.getTime() / HOUR_MS) * HOUR_MS);
  return withTransaction(pool, async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['analytics-recompute']);
    // the cube job's lock too: two rebuilds of one hour at once would both insert its rows
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['analytics-cube']);
    await tx.query('DELETE FROM analytics_rollup_hourly WHERE bucket_start >= $1 AND bucket_start < $2', [
      lo,
      hi,
    ]);
    const inserted = await tx.query(HOURLY_FROM_RAW, [lo, hi]);
    await rebuildWorkspaceHourly(tx, lo, hi);
    await rebuildCubeHours(tx, lo, hi, new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS));
    const dayLo = startOfUtcDay(lo);
    // visitor days only for whole days inside the range (a partial day keeps what it has)
    const fullLo = lo.getTime() === dayLo.getTime() ? dayLo : new Date(dayLo.getTime() + DAY_MS);
    const fullHi = startOfUtcDay(hi);
    if (fullLo < fullHi) {
      await tx.query(
        'DELETE FROM analytics_unique_visitor_days WHERE event_date >= $1::date AND event_date < $2::date',
        [fullLo.toISOString().slice(0, 10), fullHi.toISOString().slice(0, 10)],
      );
    }
    await tx.query(UNIQUES_FROM_RAW, [lo, hi]);
    // days with no hourly rows left must lose their daily rows too
    await tx.query(
      `DELETE FROM analytics_rollup_daily d WHERE d.bucket_start >= $1 AND d.bucket_start < $2
         AND NOT EXISTS (SELECT 1 FROM analytics_rollup_hourly h WHERE h.workspace_id = d.workspace_id AND h.resource_id = d.resource_id
           AND h.dimension = d.dimension AND h.value = d.value AND h.bucket_start >= d.bucket_start AND h.bucket_start < d.bucket_start + interval '1 day')`,
      [fullLo, fullHi],
    );
    await foldDaily(tx, lo, hi);
    return { hourlyRows: inserted.rowCount ?? 0 };
  });
}

/** The nightly reconciliation: the last `days` UTC days (today included) recomputed from raw events. */
export async function reconcileRecentDays(
  pool: pg.Pool,
  now: Date,
  days = 3,
): Promise<{ hourlyRows: number }> {
  const from = new Date(startOfUtcDay(now).getTime() - (days - 1) * DAY_MS);
  return recomputeFromRaw(pool, from, new Date(startOfUtcDay(now).getTime() + DAY_MS), now);
}
