import type { Queue } from 'bullmq';

/**
 * Hourly at :40 (UTC): a workspace's Monday or 1st begins at a different UTC hour in each time
 * zone, so the job looks every hour and mails what became due (once per period).
 */
export async function scheduleAnalyticsReports(queue: Queue): Promise<void> {
  await queue.upsertJobScheduler(
    'analytics-report-hourly',
    { pattern: '40 * * * *', tz: 'UTC' },
    {
      name: 'analytics-report',
      data: {},
      opts: {
        removeOnComplete: 24,
        removeOnFail: 100,
        attempts: 3,
        backoff: { type: 'exponential', delay: 60_000 },
      },
    },
  );
}
