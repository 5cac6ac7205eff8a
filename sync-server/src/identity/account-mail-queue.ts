import { Queue, UnrecoverableError, Worker, type Job } from 'bullmq';
import { openRedis, type RedisClient } from '@linkhub/shared/server/redis/client';
import { z } from 'zod';
import { bullPrefix } from '@linkhub/shared/jobs/queues';
import type { Logger } from '@linkhub/shared/server/logging/logger';

/**
 * The account e-mails a request must not send itself (16.9): the request enqueues one job whose
 * data is the same for a known and an unknown address, and this queue's consumer decides who gets
 * what. Produced and consumed by the sync-server, which owns the account tables, the e-mailed tokens
 * and the SMTP transport; a queue, so the mail leaves after the answer and survives a restart.
 */
export const ACCOUNT_MAIL_QUEUE = 'account-mail';

export const accountMailJobSchema = z.discriminatedUnion('kind', [
  /** Sign-up (new or already taken address): verification mail, or "someone tried to sign up". */
  z.strictObject({ kind: z.literal('signup'), email: z.string().min(1).max(320) }),
  z.strictObject({ kind: z.literal('verification'), user_id: z.uuid() }),
  z.strictObject({ kind: z.literal('password_reset'), email: z.string().min(1).max(320) }),
  z.strictObject({ kind: z.literal('magic_link'), email: z.string().min(1).max(320) }),
]);
export type AccountMailJob = z.infer<typeof accountMailJobSchema>;

export type AccountMailQueue = {
  enqueue: (job: AccountMailJob) => Promise<void>;
  /** Resolves when every job enqueued so far has been handled (tests, graceful stop). */
  drain: () => Promise<void>;
  close: () => Promise<void>;
};

const JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2_000 },
  // The data holds an address: keep none of it once handled.
  removeOnComplete: true,
  removeOnFail: { age: 24 * 60 * 60 },
} as const;

/** How long closing waits for the queue when Redis is unreachable; its jobs are already stored in Redis or lost with it. */
const UNREACHABLE_CLOSE_BOUND_MS = 1_000;

function boundedBy(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return Promise.race([work, bound]).finally(() => clearTimeout(timer));
}

export function startAccountMailQueue(opts: {
  redis: RedisClient;
  redisUrl: string;
  redisPrefix: string;
  logger: Logger;
  handle: (job: AccountMailJob) => Promise<void>;
}): AccountMailQueue {
  const prefix = bullPrefix(opts.redisPrefix);
  const queue = new Queue(ACCOUNT_MAIL_QUEUE, { connection: opts.redis, prefix });
  // A blocking consumer needs its own connection, with no per-request retry limit.
  const consumerConnection = openRedis(opts.redisUrl, { maxRetriesPerRequest: null, connectTimeout: 3_000 });
  consumerConnection.on('error', (error: Error) =>
    opts.logger.warn({ err: { message: error.message } }, 'account-mail redis error'),
  );
  const worker = new Worker(
    ACCOUNT_MAIL_QUEUE,
    async (job: Job) => {
      const parsed = accountMailJobSchema.safeParse(job.data);
      if (!parsed.success) throw new UnrecoverableError('invalid account-mail job data');
      await opts.handle(parsed.data);
    },
    { connection: consumerConnection, prefix, concurrency: 4 },
  );
  worker.on('failed', (job, error) =>
    opts.logger.warn(
      {
        queue: ACCOUNT_MAIL_QUEUE,
        job_id: job?.id,
        attempts: job?.attemptsMade,
        err: { message: error.message },
      },
      'account mail failed',
    ),
  );
  worker.on('error', (error) =>
    opts.logger.error(
      { queue: ACCOUNT_MAIL_QUEUE, err: { message: error.message } },
      'account-mail worker error',
    ),
  );

  return {
    async enqueue(job) {
      await queue.add(job.kind, accountMailJobSchema.parse(job), JOB_OPTIONS);
    },
    async drain() {
      for (;;) {
        const counts = await queue.getJobCounts('waiting', 'active', 'prioritized');
        if (Object.values(counts).every((n) => n === 0)) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async close() {
      if (opts.redis.status === 'ready' && consumerConnection.status === 'ready') {
        // Redis is up: let the running mail jobs finish, then leave politely.
        await Promise.allSettled([worker.close(), queue.close()]);
        await consumerConnection.quit().catch(() => consumerConnection.disconnect());
        return;
      }
      // Redis is unreachable: a graceful close would wait for a connection that never comes, so drop
      // the consumer's connection (pending commands fail at once) and close without waiting; the
      // shared connection is the caller's to disconnect, so the queue's close is not awaited past a bound.
      consumerConnection.disconnect();
      await Promise.allSettled([worker.close(true), boundedBy(queue.close(), UNREACHABLE_CLOSE_BOUND_MS)]);
    },
  };
}
