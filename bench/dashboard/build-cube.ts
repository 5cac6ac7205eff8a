import type pg from 'pg';
import { advanceCube } from '../../worker/src/analytics/cube';

/**
 * The hourly cube built from the seeded raw events by the worker's own job (its first run after the
 * migration: from the oldest event to the current hour, one UTC day per transaction); returns its
 * rows (per resource, per workspace) and on-disk size (both tables and their indexes).
 */
export async function buildCube(pool: pg.Pool) {
  const started = performance.now();
  await advanceCube(pool, new Date(), null);
  await pool.query('ANALYZE analytics_cube_hourly');
  await pool.query('ANALYZE analytics_cube_workspace_hourly');
  const ms = performance.now() - started;
  const res = await pool.query<{ rows: string; workspace_rows: string; size: string }>(
    `SELECT (SELECT count(*) FROM analytics_cube_hourly) AS rows, (SELECT count(*) FROM analytics_cube_workspace_hourly) AS workspace_rows,
            pg_size_pretty(pg_total_relation_size('analytics_cube_hourly') + pg_total_relation_size('analytics_cube_workspace_hourly')) AS size`,
  );
  return {
    ms,
    rows: Number(res.rows[0]?.rows ?? 0),
    workspaceRows: Number(res.rows[0]?.workspace_rows ?? 0),
    size: res.rows[0]?.size ?? '',
  };
}
