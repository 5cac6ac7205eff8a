import { Queue } from 'bullmq';
import { bullPrefix } from '@linkhub/shared/jobs/queues';
import type { WorkerDeps } from '../deps';

/** Nightly sweep of unrecorded QR files in the artifact store (UTC). */
export async function scheduleArtifactSweep(deps: WorkerDeps): Promise<Queue> {
  const queue = new Queue('artifact-sweep', { connection: deps.redis, prefix: bullPrefix(deps.config.REDIS_PREFIX) });
  await queue.upsertJobScheduler(
    'artifact-sweep-nightly',
    { pattern: '20 4 * * *', tz: 'UTC' },
    { name: 'artifact-sweep', data: { grace_minutes: 60 }, opts: { removeOnComplete: 30, removeOnFail: 100, attempts: 3, backoff: { type: 'exponential', delay: 60_000 } } },
  );
  return queue;
}
