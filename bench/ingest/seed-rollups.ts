import type pg from 'pg';
import { foldDaily, rebuildWorkspaceHourly } from '../../worker/src/analytics/recompute';

const DAY_MS = 86_400_000;

/** Values per dimension, each receiving an equal share of every hour's counts (all divisors of 184/48/8). */
const DIMENSIONS: Record<string, string[]> = {
  all: [''],
  country: ['FR', 'DE', 'US', 'GB', 'ES', 'IT', 'NL', 'BR'],
  device_type: ['mobile', 'desktop', 'tablet', 'other'],
  browser_family: ['Chrome', 'Mobile Safari', 'Firefox', 'Edge'],
  os_family: ['iOS', 'Android', 'Windows', 'Mac OS'],
  referrer_host: [
    'instagram.com',
    'tiktok.com',
    'google.com',
    'x.com',
    'facebook.com',
    'youtube.com',
    'linkedin.com',
    'pinterest.com',
  ],
};
const CLICKS = 184;
const SCANS = 48;
const BOTS = 8;

/**
 * Rollup rows equivalent to `events` human events over the 90 days before yesterday's UTC
 * midnight, spread evenly over the resources and every hour, generated in SQL, then folded into
 * daily rows by the worker's own fold (as the hourly job does in production) and summed into the
 * whole-workspace hourly totals (as the ingest does).
 */
export async function seedRollups(
  pool: pg.Pool,
  workspaceId: string,
  ids: readonly string[],
  events: number,
) {
  const resources = ids.length;
  const to = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - DAY_MS);
  const from = new Date(to.getTime() - 90 * DAY_MS);
  const hours = 90 * 24;
  const perHour = CLICKS + SCANS;
  const scale = events / (resources * hours * perHour);
  const values = Object.entries(DIMENSIONS).flatMap(([dim, vals]) =>
    vals.map((v) => ({ dim, v, n: vals.length })),
  );
  const started = performance.now();
  const res = await pool.query(
    `INSERT INTO analytics_rollup_hourly (workspace_id, resource_id, resource_type, bucket_start, dimension, value, clicks, scans, page_views, bot_events)
     SELECT $1, r.id, 'link', h, d.dim, d.val, round($7::float8 * $8::int / d.n), round($7::float8 * $9::int / d.n), 0, round($7::float8 * $10::int / d.n)
       FROM unnest($2::uuid[]) AS r(id)
       CROSS JOIN generate_series($3::timestamptz, $4::timestamptz - interval '1 hour', interval '1 hour') AS h
       CROSS JOIN unnest($5::text[], $6::text[], $11::int[]) AS d(dim, val, n)`,
    [
      workspaceId,
      [...ids],
      from,
      to,
      values.map((x) => x.dim),
      values.map((x) => x.v),
      scale,
      CLICKS,
      SCANS,
      BOTS,
      values.map((x) => x.n),
    ],
  );
  await foldDaily(pool, from, to);
  await rebuildWorkspaceHourly(pool, from, to);
  await pool.query('ANALYZE analytics_rollup_hourly');
  await pool.query('ANALYZE analytics_rollup_daily');
  return {
    rows: res.rowCount ?? 0,
    ms: performance.now() - started,
    from,
    to,
    resourceId: ids[0] ?? '',
    events: Math.round(scale * CLICKS) * resources * hours + Math.round(scale * SCANS) * resources * hours,
  };
}
