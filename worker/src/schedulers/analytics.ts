import type { Queue } from 'bullmq';
import type { JobData } from '@linkhub/shared/jobs/queues';

type Task = JobData<'analytics-maintenance'>['task'];

/** The analytics upkeep schedule (UTC cron), as data. Nightly jobs run in the quiet hours, one after another. */
export const ANALYTICS_SCHEDULE: ReadonlyArray<{ task: Task; pattern: string; what: string }> = [
  { task: 'partitions', pattern: '7 * * * *', what: 'click_events day partitions yesterday … 7 days ahead' },
  {
    task: 'fold',
    pattern: '2 * * * *',
    what: 'hourly rollups of the hour that just ended → daily rows; closed hours → the dashboard cube; entry ledger pruned',
  },
  {
    task: 'summaries',
    pattern: '*/15 * * * *',
    what: 'every summary/{resource_id} (7- and 30-day windows move)',
  },
  { task: 'reconcile', pattern: '20 3 * * *', what: 'last 3 UTC days recomputed from raw events' },
  {
    task: 'retention',
    pattern: '50 3 * * *',
    what: 'retention per plan: drop partitions, delete rows and rollup ranges',
  },
];

/** Registers (idempotently: upsert by id) the repeatable analytics jobs on the `analytics-maintenance` queue, and runs the partition task once now. */
export async function scheduleAnalytics(queue: Queue): Promise<void> {
  for (const entry of ANALYTICS_SCHEDULE) {
    await queue.upsertJobScheduler(
      `analytics-${entry.task}`,
      { pattern: entry.pattern, tz: 'UTC' },
      {
        name: entry.task,
        data: { task: entry.task },
        opts: {
          removeOnComplete: 100,
          removeOnFail: 500,
          attempts: 3,
          backoff: { type: 'exponential', delay: 10_000 },
        },
      },
    );
  }
  await queue.add('partitions', { task: 'partitions' }, { removeOnComplete: 100, removeOnFail: 500 });
}
