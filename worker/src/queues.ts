import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { JobProducer } from '@linkhub/shared/server/jobs/producer';
import type { JobData, QueueName } from '@linkhub/shared/jobs/queues';

export {
  QUEUES,
  QUEUE_NAMES,
  bullPrefix,
  isQueueName,
  type JobData,
  type QueueName,
} from '@linkhub/shared/jobs/queues';
export { DEFAULT_JOB_OPTIONS } from '@linkhub/shared/server/jobs/producer';

/** A producer for one queue, on the shared producer: `add` validates the data with the queue's schema. */
export function createQueue<Q extends QueueName>(name: Q, connection: RedisClient, redisPrefix: string) {
  const producer = new JobProducer(connection, redisPrefix);
  return {
    queue: producer.queue(name),
    add: async (data: JobData<Q>, options: { jobId?: string; delay?: number } = {}) =>
      producer.add(name, data, options),
    close: () => producer.close(),
  };
}
