import type { Queue } from 'bullmq';

/** Nightly Replicache garbage collection (UTC), on the `sync-gc` queue. */
export async function scheduleSyncGc(queue: Queue): Promise<void> {
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
}
