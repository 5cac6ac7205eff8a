import type pg from 'pg';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';
import { enqueueBestEffort } from '@linkhub/shared/server/jobs/enqueue-best-effort';
import { refreshRedirects } from '@linkhub/shared/server/cache/refresh';
import { pokeWorkspaceMembers } from '@linkhub/shared/server/db/pokes';
import type { PostCommitEffects } from './effects';
import { cacheRefreshJob } from './redirect-cache';

export type PostCommitDeps = {
  pool: pg.Pool;
  /** The queue role: pokes. */
  redis: RedisClient;
  /** The cache role the write-through goes to (default: `redis`). */
  cacheRedis?: RedisClient;
  redisPrefix: string;
  logger: Logger;
  /** Sends the jobs together (one round trip per queue). */
  enqueue: (jobs: readonly JobRequest[]) => Promise<void>;
};

/*
 * Post-commit effects: every cache write-through (a few at a time, never the whole pool), every
 * job (sent together) and the pokes, the three at once — none reads what another writes (a
 * refresh job runs seconds later; a pull reads PostgreSQL, not the cache). Each is best effort:
 * the commit stands, and a failed write-through leaves bounded staleness that cache-refresh repairs.
 * `CommandRunner.flush` answers after `writeThrough`; `deliverAfterCommit` goes on, tracked.
 */

/** The jobs and the pokes of committed transactions. Never rejects: each failure is logged. */
export async function deliverAfterCommit(deps: PostCommitDeps, effects: PostCommitEffects): Promise<void> {
  const pokes = effects.pokeTargets();
  await Promise.all([
    enqueueAfterCommit(deps, [...effects.jobs.values(), ...cacheRefreshJobs(effects)]),
    pokeWorkspaceMembers(
      { db: deps.pool, redis: deps.redis, prefix: deps.redisPrefix },
      pokes.unknownWorkspaces,
      pokes.users,
    ).catch((error: unknown) => deps.logger.warn({ err: errorMessage(error) }, 'poke failed')),
  ]);
}

/**
 * Redirect keys many at a time (one statement reads a chunk of addresses: a bulk import writes
 * thousands; a chunk whose rows the transaction held is written without a read), every other key
 * by its own write, a few at a time. Never rejects: a failed write is logged.
 */
export async function writeThrough(deps: PostCommitDeps, effects: PostCommitEffects): Promise<void> {
  const redirects: Array<{ host: string; slug: string }> = [];
  const fromHeldRows: Array<() => Promise<void>> = [];
  const others: Array<() => Promise<void>> = [];
  for (const [key, write] of effects.cacheWrites) {
    const target = effects.cacheRefreshes.get(key);
    if (effects.writesFromHeldRows.has(key)) fromHeldRows.push(write);
    else if (target?.kind === 'redirect') redirects.push({ host: target.host, slug: target.slug });
    else others.push(write);
  }
  const io = { sql: deps.pool, redis: deps.cacheRedis ?? deps.redis, prefix: deps.redisPrefix };
  const failed = (error: unknown) =>
    deps.logger.warn({ err: errorMessage(error) }, 'cache write-through failed');
  await inLanes(
    [
      ...chunksOf(redirects).map((chunk) => () => refreshRedirects(io, chunk).then(() => undefined)),
      ...chunksOf(fromHeldRows).map(
        (chunk) => () => Promise.all(chunk.map((write) => write().catch(failed))).then(() => undefined),
      ),
      ...others,
    ],
    WRITE_THROUGH_LANES,
    (write) => write().catch(failed),
  );
}

function chunksOf<T>(items: readonly T[]): T[][] {
  return Array.from({ length: Math.ceil(items.length / REDIRECTS_PER_READ) }, (_, i) =>
    items.slice(i * REDIRECTS_PER_READ, (i + 1) * REDIRECTS_PER_READ),
  );
}

/** The jobs of committed transactions, best effort (shared/src/server/jobs/enqueue-best-effort.ts). */
export function enqueueAfterCommit(deps: PostCommitDeps, jobs: readonly JobRequest[]): Promise<void> {
  return enqueueBestEffort(deps.enqueue, deps.logger, jobs);
}

/** Addresses per statement (or per burst of writes) of a redirect write-through. */
const REDIRECTS_PER_READ = 100;

/** Concurrent cache write-throughs of one flush: a few pooled connections, never the whole pool. */
export const WRITE_THROUGH_LANES = 4;

async function inLanes<T>(
  items: readonly T[],
  lanes: number,
  each: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let item = items[next++]; item !== undefined; item = items[next++]) await each(item);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

/** How long after commit the worker rebuilds what the write-through just wrote (a failed or raced write heals then). */
export const CACHE_REFRESH_DELAY_MS = 5_000;

function cacheRefreshJobs(effects: PostCommitEffects): JobRequest[] {
  const at = Date.now();
  return [...effects.cacheRefreshes.values()].map((target) =>
    cacheRefreshJob(target, at, CACHE_REFRESH_DELAY_MS),
  );
}

function errorMessage(error: unknown): { message: string } {
  return { message: error instanceof Error ? error.message : String(error) };
}
