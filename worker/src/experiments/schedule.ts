import type { Queue } from 'bullmq';

/** Every minute: results of running and paused experiments, on the `experiment-results` queue. */
export async function scheduleExperimentResults(queue: Queue): Promise<void> {
  await queue.upsertJobScheduler(
    'experiment-results-minutely',
    { pattern: '* * * * *', tz: 'UTC' },
    {
      name: 'experiment-results',
      data: {},
      opts: {
        removeOnComplete: 10,
        removeOnFail: 100,
        attempts: 2,
        backoff: { type: 'fixed', delay: 15_000 },
      },
    },
  );
}
