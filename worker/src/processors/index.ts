import type { Job } from 'bullmq';
import type { JobData, QueueName } from '@linkhub/shared/jobs/queues';
import type { WorkerDeps } from '../deps';
import { analyticsRollup } from './analytics-rollup';
import { artifactSweep } from './qr-render-sweep';
import { analyticsMaintenance } from './analytics-maintenance';
import { cacheRefresh } from './cache-refresh';
import { domainVerify } from './domain-verify';
import { retention } from './retention';
import { exportJob } from './export';
import { qrRender } from './qr-render';
import { syncGc } from './sync-gc';

/** Handles one validated job. Throw to retry; throw bullmq's UnrecoverableError to fail for good. */
export type Processor<Q extends QueueName> = (
  data: JobData<Q>,
  job: Job,
  deps: WorkerDeps,
) => Promise<unknown>;

export type ProcessorRegistry = { readonly [Q in QueueName]?: Processor<Q> };

/**
 * The processor of each queue (one file per job type in this folder). A queue without a
 * processor is not consumed by this worker; add `'qr-render': renderQr` here when it exists.
 */
export const PROCESSORS: ProcessorRegistry = {
  'qr-render': qrRender,
  'artifact-sweep': artifactSweep,
  'analytics-rollup': analyticsRollup,
  'analytics-maintenance': analyticsMaintenance,
  retention,
  export: exportJob,
  'sync-gc': syncGc,
  'cache-refresh': cacheRefresh,
  'domain-verify': domainVerify,
};
