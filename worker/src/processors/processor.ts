import type { Job } from 'bullmq';
import type { JobData, QueueName } from '@linkhub/shared/jobs/queues';
import type { WorkerDeps } from '../deps';

/** Handles one validated job. Throw to retry; throw bullmq's UnrecoverableError to fail for good. */
export type Processor<Q extends QueueName> = (
  data: JobData<Q>,
  job: Job,
  deps: WorkerDeps,
) => Promise<unknown>;

export type ProcessorRegistry = { readonly [Q in QueueName]?: Processor<Q> };
