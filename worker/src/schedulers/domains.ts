import type { Queue } from 'bullmq';

/** Hourly custom-domain upkeep (renewals, issuance retries, daily re-verification), on the `domain-upkeep` queue. */
export async function scheduleDomainUpkeep(queue: Queue): Promise<void> {
  await queue.upsertJobScheduler(
    'domain-upkeep-hourly',
    { pattern: '17 * * * *', tz: 'UTC' },
    {
      name: 'domain-upkeep',
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
