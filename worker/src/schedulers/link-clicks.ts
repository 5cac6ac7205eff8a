import type { Queue } from 'bullmq';

/** Every 30 seconds: capped links' visit counters into PostgreSQL (`link-click-flush`, D-616). */
export async function scheduleLinkClickFlush(queue: Queue): Promise<void> {
  await queue.upsertJobScheduler(
    'link-click-flush-30s',
    { every: 30_000 },
    { name: 'link-click-flush', data: {}, opts: { removeOnComplete: 20, removeOnFail: 100, attempts: 2 } },
  );
}
