import type { Queue } from 'bullmq';
import type { WorkerDeps } from '../deps';
import { scheduleAnalytics } from './analytics';
import { scheduleArtifactSweep } from './artifacts';
import { scheduleSyncGc } from './sync';

export type Schedulers = { close: () => Promise<void> };

/** Every repeatable job of the worker (one file per domain in this folder). */
export async function startSchedulers(deps: WorkerDeps): Promise<Schedulers> {
  const queues: Queue[] = [await scheduleAnalytics(deps), await scheduleSyncGc(deps), await scheduleArtifactSweep(deps)];
  return { close: async () => void (await Promise.allSettled(queues.map((q) => q.close()))) };
}
