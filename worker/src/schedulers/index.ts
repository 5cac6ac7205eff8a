import { Queue } from 'bullmq';
import { bullPrefix, type QueueName } from '@linkhub/shared/jobs/queues';
import type { WorkerDeps } from '../deps';
import { scheduleAnalytics } from './analytics';
import { scheduleArtifactSweep } from './artifacts';
import { scheduleDomainUpkeep } from './domains';
import { scheduleExperimentResults } from '../experiments/schedule';
import { scheduleLeadExpiry } from './leads';
import { scheduleSyncGc } from './sync';
import { scheduleLinkClickFlush } from './link-clicks';
import { scheduleWebhookSweep } from './webhooks';
import { scheduleAnalyticsReports } from '../reports/schedule';

export type Schedulers = {
  /** Upserts every job scheduler again (after Redis came back empty); idempotent. */
  register: () => Promise<void>;
  close: () => Promise<void>;
};

/** Every repeatable job of the worker (one file per domain in this folder), by queue. */
const SCHEDULES: ReadonlyArray<{ queue: QueueName; register: (queue: Queue) => Promise<void> }> = [
  { queue: 'analytics-maintenance', register: scheduleAnalytics },
  { queue: 'sync-gc', register: scheduleSyncGc },
  { queue: 'link-click-flush', register: scheduleLinkClickFlush },
  { queue: 'experiment-results', register: scheduleExperimentResults },
  { queue: 'artifact-sweep', register: scheduleArtifactSweep },
  { queue: 'lead-expiry', register: scheduleLeadExpiry },
  { queue: 'webhook-sweep', register: scheduleWebhookSweep },
  { queue: 'domain-upkeep', register: scheduleDomainUpkeep },
  { queue: 'analytics-report', register: scheduleAnalyticsReports },
];

export async function startSchedulers(deps: WorkerDeps): Promise<Schedulers> {
  const queues = SCHEDULES.map((s) => ({
    queue: new Queue(s.queue, { connection: deps.redis, prefix: bullPrefix(deps.config.REDIS_PREFIX) }),
    register: s.register,
  }));
  const register = async (): Promise<void> => {
    for (const q of queues) await q.register(q.queue);
  };
  await register();
  return { register, close: async () => void (await Promise.allSettled(queues.map((q) => q.queue.close()))) };
}
