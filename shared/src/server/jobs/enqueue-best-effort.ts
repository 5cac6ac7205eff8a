import type { Logger } from '../logging/logger';
import type { JobRequest } from './producer';

/**
 * Jobs of a change that has committed: sent together; if that fails, one by one, so one refused job
 * cannot take the others down with it. Never throws: a job that did not reach Redis is logged, and
 * whatever it was for heals by its own path (a delivery row stays `pending` for the sweep, a cache
 * key for the next refresh).
 */
export async function enqueueBestEffort(
  send: (jobs: readonly JobRequest[]) => Promise<void>,
  logger: Pick<Logger, 'warn'>,
  jobs: readonly JobRequest[],
  message = 'enqueue failed',
): Promise<void> {
  if (jobs.length === 0) return;
  try {
    await send(jobs);
  } catch {
    await Promise.all(
      jobs.map((job) =>
        send([job]).catch((error: unknown) =>
          logger.warn(
            { err: { message: error instanceof Error ? error.message : 'unknown' }, queue: job.queue },
            message,
          ),
        ),
      ),
    );
  }
}
