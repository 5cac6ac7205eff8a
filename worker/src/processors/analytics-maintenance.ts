import { advanceCube } from '../analytics/cube';
import { oldestUnstoredMs } from '../analytics/ingest-frontier';
import { ensurePartitionsAhead } from '../analytics/partitions';
import { foldDaily, reconcileRecentDays } from '../analytics/recompute';
import { applyRetention } from '../analytics/retention';
import { refreshSummaries } from '../analytics/summaries';
import { pokeWorkspaceMembers } from '../pokes';
import type { Processor } from './processor';

const HOUR_MS = 3_600_000;

/**
 * `analytics-maintenance {task}` (scheduled by schedulers/analytics.ts):
 * partitions 7 days ahead · fold the hour that just ended (and its day) into daily rows, and
 * the closed hours into the dashboard's cube ·
 * reconcile the last 3 days from raw events · retention per plan · refresh every summary.
 */
export const analyticsMaintenance: Processor<'analytics-maintenance'> = async (data, _job, deps) => {
  const now = new Date();
  switch (data.task) {
    case 'partitions':
      return { days: await ensurePartitionsAhead(deps.pool, now, 7) };
    case 'fold': {
      const rows = await foldDaily(deps.pool, new Date(now.getTime() - 2 * HOUR_MS), now);
      const cube = await advanceCube(
        deps.pool,
        now,
        await oldestUnstoredMs(deps.redis, deps.config.REDIS_PREFIX),
      );
      return { rows, cubeRows: cube.rows, cubeBuiltThrough: cube.builtThrough.toISOString() };
    }
    case 'reconcile':
      return reconcileRecentDays(deps.pool, now, 3);
    case 'retention':
      return applyRetention(deps.pool, now);
    case 'summaries': {
      const refreshed = await refreshSummaries(deps.pool, now, null);
      await pokeWorkspaceMembers(
        { pool: deps.pool, redis: deps.redis, prefix: deps.config.REDIS_PREFIX },
        refreshed.workspaceIds,
      );
      return { changed: refreshed.changed };
    }
  }
};
