import { Queue } from 'bullmq';
import { bullPrefix } from '@linkhub/shared/jobs/queues';
import type { WorkerDeps } from '../deps';

/** Nightly Replicache garbage collection (UTC). */
export async function scheduleSyncGc(deps: WorkerDeps): Promise<Queue> {
  const queue = new Queue('sync-gc', {
    connection: deps.redis,
    prefix: bullPrefix(deps.config.REDIS_PREFIX),
  });
  await queue.upsertJobScheduler(
    'sync-gc-nightly',
    { pattern: '40 3 * * *', tz: 'UTC' },
    {
      name: 'sync-gc',
      data: { keep_views: 5, idle_days: 90 },
      opts: {
        removeOnComplete: 30,
        removeOnFail: 100,
        attempts: 3,
        backoff: { type: 'exponential', delay: 60_000 },
      },
    },
  );
  return queue;
}
