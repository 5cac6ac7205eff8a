import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { bullPrefix, isQueueName, QUEUES, type QueueName } from '@linkhub/shared/jobs/queues';
import type { JobRequest } from './effects';

/** BullMQ producers, one Queue per name, created on first use; job data is validated by the queue's schema. */
export class JobProducer {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: Redis,
    private readonly redisPrefix: string,
  ) {}

  async enqueue(job: JobRequest): Promise<void> {
    if (!isQueueName(job.queue)) throw new Error(`unknown queue ${job.queue}`);
    const data = QUEUES[job.queue].parse(job.data);
    let queue = this.queues.get(job.queue);
    if (!queue) {
      queue = new Queue(job.queue, { connection: this.connection, prefix: bullPrefix(this.redisPrefix) });
      this.queues.set(job.queue, queue);
    }
    // The job id is the idempotency key: a replayed enqueue of the same job is a no-op in BullMQ.
    await queue.add(job.name, data, {
      jobId: job.jobId,
      removeOnComplete: 1000,
      removeOnFail: 5000,
      attempts: 5,
      backoff: { type: 'exponential', delay: 1000 },
      ...(job.delayMs === undefined ? {} : { delay: job.delayMs }),
    });
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
  }
}
