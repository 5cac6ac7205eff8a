import { UnrecoverableError, Worker, type Job } from 'bullmq';
import { bullPrefix, QUEUE_NAMES, QUEUES, type QueueName } from '@linkhub/shared/jobs/queues';
import type { WorkerDeps } from './deps';
import type { ProcessorRegistry } from './processors/index';

export type WorkerRuntime = {
  readonly queues: readonly QueueName[];
  /** True while every BullMQ worker is running. */
  isRunning: () => boolean;
  /** Waits for jobs in progress to finish, then disconnects. */
  close: () => Promise<void>;
};

/** Any registry entry, its data type erased: the call below passes data its own queue schema parsed. */
type ErasedProcessor = (data: never, job: Job, deps: WorkerDeps) => Promise<unknown>;

/** The id of the request that enqueued a job, when its data carries one. */
function requestIdOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || !('request_id' in data)) return null;
  return typeof data.request_id === 'string' ? data.request_id : null;
}

/** Parses job data with the queue's schema first: a malformed job fails once, without retries. */
function validated(name: QueueName, processor: ErasedProcessor, deps: WorkerDeps) {
  return async (job: Job): Promise<unknown> => {
    const parsed = QUEUES[name].safeParse(job.data);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || '(data)').join(', ');
      throw new UnrecoverableError(`invalid ${name} job data: ${fields}`);
    }
    // QUEUES[name] is the schema of JobData<name>, the type this processor was registered with.
    const result = await processor(parsed.data as never, job, deps);
    const requestId = requestIdOf(parsed.data);
    // A job another service's request enqueued (the edge's sign-ups) is logged with that request's id (D-313).
    if (requestId !== null)
      deps.logger.info({ queue: name, job_id: job.id, request_id: requestId }, 'job processed');
    return result;
  };
}

/** Starts one BullMQ Worker for every queue that has a processor. */
export function startWorkers(deps: WorkerDeps, processors: ProcessorRegistry): WorkerRuntime {
  const workers: Worker[] = [];
  const queues: QueueName[] = [];
  for (const name of QUEUE_NAMES) {
    const processor: ErasedProcessor | undefined = processors[name];
    if (!processor) continue;
    const worker = new Worker(name, validated(name, processor, deps), {
      connection: deps.redis,
      prefix: bullPrefix(deps.config.REDIS_PREFIX),
      concurrency: deps.config.WORKER_CONCURRENCY,
    });
    worker.on('failed', (job, error) =>
      deps.logger.warn(
        {
          queue: name,
          job_id: job?.id,
          request_id: requestIdOf(job?.data) ?? undefined,
          attempts: job?.attemptsMade,
          err: { message: error.message },
        },
        'job failed',
      ),
    );
    worker.on('error', (error) =>
      deps.logger.error({ queue: name, err: { message: error.message } }, 'worker error'),
    );
    workers.push(worker);
    queues.push(name);
  }
  return {
    queues,
    isRunning: () => workers.every((worker) => worker.isRunning()),
    close: async () => {
      await Promise.allSettled(workers.map((worker) => worker.close()));
    },
  };
}
