import type { JobData } from '@linkhub/shared/jobs/queues';
import type { WorkerDeps } from '../deps';
import type { Processor } from './processor';

export type SyncGcResult = { views_deleted: number; groups_deleted: number };

/**
 * Replicache garbage: a client group only ever pulls against its newest record, so
 * all but the last few are dropped; a group idle past `idle_days` is deleted with its clients and
 * records (a device that comes back after that simply pulls from scratch — its pending mutations
 * are kept by Replicache and pushed again).
 */
export async function collectSyncGarbage(
  pool: Pick<WorkerDeps['pool'], 'query'>,
  data: JobData<'sync-gc'>,
): Promise<SyncGcResult> {
  const views = await pool.query(
    `DELETE FROM replicache_client_views v
      USING replicache_client_groups g
      WHERE v.client_group_id = g.id AND v.cvr_version <= g.cvr_version - $1`,
    [data.keep_views],
  );
  const groups = await pool.query(
    `DELETE FROM replicache_client_groups
      WHERE COALESCE(last_pull_at, created_at) < now() - make_interval(days => $1)`,
    [data.idle_days],
  );
  return { views_deleted: views.rowCount ?? 0, groups_deleted: groups.rowCount ?? 0 };
}

export const syncGc: Processor<'sync-gc'> = (data, _job, deps) => collectSyncGarbage(deps.pool, data);
