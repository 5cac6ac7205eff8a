import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { bullPrefix, QUEUES, type JobData, type QueueName } from '@linkhub/shared/jobs/queues';

export {
  QUEUES,
  QUEUE_NAMES,
  bullPrefix,
  isQueueName,
  type JobData,
  type QueueName,
} from '@linkhub/shared/jobs/queues';

/** Default job options: a few retries with exponential backoff, bounded history. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { count: 1_000 },
  removeOnFail: { count: 5_000 },
} as const;

/** A producer for one queue; `add` validates the data with the queue's schema before enqueueing. */
export function createQueue<Q extends QueueName>(name: Q, connection: Redis, redisPrefix: string) {
  const queue = new Queue(name, {
    connection,
    prefix: bullPrefix(redisPrefix),
    defaultJobOptions: DEFAULT_JOB_OPTIONS,
  });
  return {
    queue,
    add: async (data: JobData<Q>, options: { jobId?: string; delay?: number } = {}) =>
      queue.add(name, QUEUES[name].parse(data), options),
    close: () => queue.close(),
  };
}
