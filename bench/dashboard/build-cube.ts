import type pg from 'pg';
import { advanceCube } from '../../worker/src/analytics/cube';

/**
 * The hourly cube built from the seeded raw events by the worker's own job (its first run after the
 * migration: from the oldest event to the current hour, one UTC day per transaction); returns its
 * rows and on-disk size (table and indexes).
 */
export async function buildCube(pool: pg.Pool) {
  const started = performance.now();
  await advanceCube(pool, new Date(), null);
  await pool.query('ANALYZE analytics_cube_hourly');
  const ms = performance.now() - started;
  const res = await pool.query<{ rows: string; size: string }>(
    "SELECT count(*) AS rows, pg_size_pretty(pg_total_relation_size('analytics_cube_hourly')) AS size FROM analytics_cube_hourly",
  );
  return { ms, rows: Number(res.rows[0]?.rows ?? 0), size: res.rows[0]?.size ?? '' };
}
