import { advanceCube } from '../analytics/cube';
import { oldestUnstoredMs } from '../analytics/ingest-frontier';
import { ensurePartitionsAhead } from '../analytics/partitions';
import { pruneEntryLedger } from '../ingest/entry-ledger';
import { foldClosedDays, reconcileRecentDays } from '../analytics/recompute';
import { applyRetention } from '../analytics/retention';
import { refreshSummaries } from '../analytics/summaries';
import { pokeWorkspaceMembers } from '../pokes';
import type { Processor } from './processor';

/**
 * `analytics-maintenance {task}` (scheduled by schedulers/analytics.ts):
 * partitions 7 days ahead · fold today and every day not yet known complete into daily rows
 * (D-437), and the closed hours into the dashboard's cube; prune the ingest's entry ledger (D-443) ·
 * reconcile the last 3 days from raw events · retention per plan · refresh every summary.
 */
export const analyticsMaintenance: Processor<'analytics-maintenance'> = async (data, _job, deps) => {
  const now = new Date();
  switch (data.task) {
    case 'partitions':
      return { days: await ensurePartitionsAhead(deps.pool, now, 7) };
    case 'fold': {
      const unstoredSince = await oldestUnstoredMs(deps.redis, deps.config.REDIS_PREFIX);
      const fold = await foldClosedDays(deps.pool, now, unstoredSince);
      const cube = await advanceCube(deps.pool, now, unstoredSince);
      const ledgerPruned = await pruneEntryLedger(deps.pool, deps.redis, deps.config.REDIS_PREFIX);
      return {
        ledgerPruned,
        rows: fold.rows,
        foldedThrough: fold.foldedThrough.toISOString(),
        cubeRows: cube.rows,
        cubeBuiltThrough: cube.builtThrough.toISOString(),
      };
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
