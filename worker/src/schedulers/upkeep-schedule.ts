import type { Queue } from 'bullmq';

/** A scheduled upkeep job's history and retries: three tries, a minute apart and doubling. */
const UPKEEP_JOB_OPTIONS = {
  removeOnFail: 100,
  attempts: 3,
  backoff: { type: 'exponential', delay: 60_000 },
} as const;

/**
 * A repeatable upkeep job (UTC cron) whose job is named after its queue, registered idempotently
 * (upsert by `id`). `keep` completed jobs stay visible: a day of an hourly job, a month of a
 * nightly one.
 */
export function upkeepSchedule(
  id: string,
  pattern: string,
  options: { data?: Record<string, unknown>; keep: number },
): (queue: Queue) => Promise<void> {
  return async (queue) => {
    await queue.upsertJobScheduler(
      id,
      { pattern, tz: 'UTC' },
      {
        name: queue.name,
        data: options.data ?? {},
        opts: { removeOnComplete: options.keep, ...UPKEEP_JOB_OPTIONS },
      },
    );
  };
}
