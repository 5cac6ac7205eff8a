import { Queue, type Job } from 'bullmq';
import type { RedisClient } from '../redis/client';
import {
  bullPrefix,
  isQueueName,
  QUEUE_JOB_OPTIONS,
  QUEUES,
  type JobData,
  type QueueName,
} from '../../jobs/queues';

/** Every job of every service: a few retries with exponential backoff, bounded history. */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { count: 1_000 },
  removeOnFail: { count: 5_000 },
} as const;

/** A job to enqueue; its data is checked by the queue's own schema before it reaches Redis. */
export type JobRequest = {
  queue: string;
  name: string;
  data: Record<string, unknown>;
  /** The idempotency key: a replayed enqueue of the same job id is a no-op in BullMQ. */
  jobId: string;
  /** Run no earlier than this many milliseconds after the enqueue. */
  delayMs?: number;
};

/** The one BullMQ producer: one Queue per name, created on first use, closed together. */
export class JobProducer {
  private readonly queues = new Map<QueueName, Queue>();

  constructor(
    private readonly connection: RedisClient,
    private readonly redisPrefix: string,
  ) {}

  queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.connection,
        prefix: bullPrefix(this.redisPrefix),
        defaultJobOptions: { ...DEFAULT_JOB_OPTIONS, ...QUEUE_JOB_OPTIONS[name] },
      });
      // The connection's owner logs its errors; without a listener BullMQ's re-emitted 'error' would throw.
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  add<Q extends QueueName>(
    name: Q,
    data: JobData<Q>,
    options: { jobId?: string; delay?: number } = {},
  ): Promise<Job> {
    return this.queue(name).add(name, QUEUES[name].parse(data), options);
  }

  async enqueue(job: JobRequest): Promise<void> {
    await this.enqueueAll([job]);
  }

  /**
   * Several jobs, one `addBulk` per queue (one Redis round trip each, however many jobs); a queue's
   * only job by `add`, the same script without building a pipeline (BullMQ's addBulk does, at a
   * cost in CPU a single create used to pay).
   */
  async enqueueAll(jobs: readonly JobRequest[]): Promise<void> {
    const byQueue = new Map<QueueName, Array<Parameters<Queue['addBulk']>[0][number]>>();
    for (const job of jobs) {
      if (!isQueueName(job.queue)) throw new Error(`unknown queue ${job.queue}`);
      const bulk = byQueue.get(job.queue) ?? [];
      bulk.push({
        name: job.name,
        data: QUEUES[job.queue].parse(job.data),
        opts: { jobId: job.jobId, ...(job.delayMs === undefined ? {} : { delay: job.delayMs }) },
      });
      byQueue.set(job.queue, bulk);
    }
    await Promise.all(
      [...byQueue].map(async ([name, bulk]) => {
        const [only, ...more] = bulk;
        if (only !== undefined && more.length === 0)
          await this.queue(name).add(only.name, only.data, only.opts);
        else await this.queue(name).addBulk(bulk);
      }),
    );
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    this.queues.clear();
  }
}
