import type { Queue } from 'bullmq';

/** Hourly (UTC): unconfirmed leads past their 7-day confirmation window are deleted, on the `lead-expiry` queue. */
export async function scheduleLeadExpiry(queue: Queue): Promise<void> {
  await queue.upsertJobScheduler(
    'lead-expiry-hourly',
    { pattern: '25 * * * *', tz: 'UTC' },
    {
      name: 'lead-expiry',
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
