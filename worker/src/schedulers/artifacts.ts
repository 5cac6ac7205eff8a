import type { Queue } from 'bullmq';

/** Nightly sweep of unrecorded QR files in the artifact store (UTC), on the `artifact-sweep` queue. */
export async function scheduleArtifactSweep(queue: Queue): Promise<void> {
  await queue.upsertJobScheduler(
    'artifact-sweep-nightly',
    { pattern: '20 4 * * *', tz: 'UTC' },
    {
      name: 'artifact-sweep',
      data: { grace_minutes: 60 },
      opts: {
        removeOnComplete: 30,
        removeOnFail: 100,
        attempts: 3,
        backoff: { type: 'exponential', delay: 60_000 },
      },
    },
  );
}
