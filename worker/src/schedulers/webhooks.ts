import type { Queue } from 'bullmq';

/** Every 5 minutes: webhook deliveries whose job never reached the queue are enqueued again (`webhook-sweep`). */
export async function scheduleWebhookSweep(queue: Queue): Promise<void> {
  await queue.upsertJobScheduler(
    'webhook-sweep-5m',
    { pattern: '*/5 * * * *', tz: 'UTC' },
    { name: 'webhook-sweep', data: {}, opts: { removeOnComplete: 24, removeOnFail: 100, attempts: 3 } },
  );
}
