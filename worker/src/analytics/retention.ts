import type pg from 'pg';
import { PLAN_KEYS, retentionDays, type PlanKey } from '@linkhub/shared/entitlements/plans';

const DAY_MS = 86_400_000;

/** The longest raw retention of any plan: a day partition older than this holds nothing anyone may keep. */
export function longestRawRetentionDays(): number {
  const days = PLAN_KEYS.map((p) => retentionDays(p, 'raw_click_days'));
  return Math.max(...days.map((d) => d ?? Number.POSITIVE_INFINITY));
}

/** Workspaces on this plan (an unknown plan key counts as free, the strictest). */
function planFilter(plan: PlanKey): string {
  const others = PLAN_KEYS.filter((p) => p !== 'free')
    .map((p) => `'${p}'`)
    .join(', ');
  return plan === 'free' ? `current_plan_key NOT IN (${others})` : `current_plan_key = '${plan}'`;
}

export type RetentionResult = {
  droppedPartitions: string[];
  rawRowsDeleted: number;
  visitorDaysDeleted: number;
  hourlyRowsDeleted: number;
  /** Whole-workspace hourly totals, deleted with the hourly rollups. */
  workspaceHourlyRowsDeleted: number;
  /** The dashboard's cube rows (per resource, and per workspace), kept as long as the hourly rollups. */
  cubeRowsDeleted: number;
  workspaceCubeRowsDeleted: number;
  /** Audit entries (change history included) past their plan's retention (D-505). */
  auditEntriesPurged: number;
};

/**
 * Retention per plan (docs/product-rules.md#plans-and-billing). Raw events: partitions are shared by every workspace, so a whole
 * day partition is dropped only once it is older than the longest raw retention of any plan; for
 * workspaces on shorter plans the expired rows are deleted. Unique-visitor days follow the raw
 * retention (they are per-visitor data too); hourly rollups (per resource and per workspace) and
 * the dashboard's cube are deleted past the plan's hourly window;
 * daily rollups are kept.
 */
export async function applyRetention(pool: pg.Pool, now: Date): Promise<RetentionResult> {
  const longest = longestRawRetentionDays();
  const result: RetentionResult = {
    droppedPartitions: [],
    rawRowsDeleted: 0,
    visitorDaysDeleted: 0,
    hourlyRowsDeleted: 0,
    workspaceHourlyRowsDeleted: 0,
    cubeRowsDeleted: 0,
    workspaceCubeRowsDeleted: 0,
    auditEntriesPurged: 0,
  };
  if (Number.isFinite(longest)) {
    const cutoffDay = new Date(now.getTime() - longest * DAY_MS).toISOString().slice(0, 10);
    const dropped = await pool.query<{ name: string }>(
      'SELECT drop_click_events_partitions_before($1::date) AS name',
      [cutoffDay],
    );
    result.droppedPartitions = dropped.rows.map((r) => r.name);
  }
  for (const plan of PLAN_KEYS) {
    const raw = retentionDays(plan, 'raw_click_days');
    const workspaces = `SELECT id FROM workspaces WHERE ${planFilter(plan)}`;
    if (raw !== null && raw < longest) {
      const cutoff = new Date(now.getTime() - raw * DAY_MS);
      const events = await pool.query(
        `DELETE FROM click_events WHERE occurred_at < $1 AND workspace_id IN (${workspaces})`,
        [cutoff],
      );
      result.rawRowsDeleted += events.rowCount ?? 0;
    }
    if (raw !== null) {
      const cutoffDay = new Date(now.getTime() - raw * DAY_MS).toISOString().slice(0, 10);
      const days = await pool.query(
        `DELETE FROM analytics_unique_visitor_days WHERE event_date < $1::date AND workspace_id IN (${workspaces})`,
        [cutoffDay],
      );
      result.visitorDaysDeleted += days.rowCount ?? 0;
    }
    const hourly = retentionDays(plan, 'hourly_rollup_days');
    if (hourly !== null) {
      const cutoff = new Date(now.getTime() - hourly * DAY_MS);
      const rows = await pool.query(
        `DELETE FROM analytics_rollup_hourly WHERE bucket_start < $1 AND workspace_id IN (${workspaces})`,
        [cutoff],
      );
      result.hourlyRowsDeleted += rows.rowCount ?? 0;
      const totals = await pool.query(
        `DELETE FROM analytics_rollup_workspace_hourly WHERE bucket_start < $1 AND workspace_id IN (${workspaces})`,
        [cutoff],
      );
      result.workspaceHourlyRowsDeleted += totals.rowCount ?? 0;
      const cube = await pool.query(
        `DELETE FROM analytics_cube_hourly WHERE bucket_start < $1 AND workspace_id IN (${workspaces})`,
        [cutoff],
      );
      result.cubeRowsDeleted += cube.rowCount ?? 0;
      const workspaceCube = await pool.query(
        `DELETE FROM analytics_cube_workspace_hourly WHERE bucket_start < $1 AND workspace_id IN (${workspaces})`,
        [cutoff],
      );
      result.workspaceCubeRowsDeleted += workspaceCube.rowCount ?? 0;
    }
  }
  // Each entry carries its own expiry (written from its plan), so one purge serves every plan.
  const purged = await pool.query<{ removed: string }>('SELECT purge_expired_audit_log_entries() AS removed');
  result.auditEntriesPurged = Number(purged.rows[0]?.removed ?? 0);
  return result;
}
