import pg from 'pg';
import { Redis } from 'ioredis';
import { createLogger, type Logger } from '@linkhub/shared/logging/logger';
import type { SyncServerEnv } from './env';
import { closeCommandRunner } from './commands/create-runner';
import { closePokeHub } from './replicache/poke';
import { closeAccounts } from './accounts/context';
import type { ResolveHost } from './commands/destination-safety';
import { artifactStoreFor } from '@linkhub/shared/artifacts/config';
import type { ArtifactStore } from '@linkhub/shared/artifacts/store';
import { createRenderPool, type RenderPool } from './render-pool/pool';

/** Everything createApp needs from the outside world; tests build it against real PostgreSQL and Redis. */
export type AppDeps = {
  config: SyncServerEnv;
  pool: pg.Pool;
  redis: Redis;
  logger: Logger;
  /** DNS for destination safety; the system resolver when absent (tests inject one). */
  resolveHost?: ResolveHost;
  /** The artifact store shared with the worker; the one `config` names when absent (tests inject one). */
  artifacts?: ArtifactStore;
  /** The bounded worker threads where QR print files and uploaded SVGs are drawn (threads start on first use). */
  renderPool: RenderPool;
};

/** The artifact store (rendered QR files, uploaded images) this process reads and writes. */
export function artifactStoreOf(deps: AppDeps): ArtifactStore {
  return deps.artifacts ?? artifactStoreFor(deps.config);
}

export function createPool(databaseUrl: string): pg.Pool {
  return new pg.Pool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 3_000 });
}

export function createRedis(redisUrl: string, logger: Logger): Redis {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 3_000 });
  // ioredis reconnects on its own; one line per failure, never the URL (it may carry a password).
  redis.on('error', (error: Error) =>
    logger.warn({ err: { message: error.message } }, 'redis connection error'),
  );
  return redis;
}

export function createDeps(
  config: SyncServerEnv,
  logger: Logger = createLogger('sync-server', { level: config.LOG_LEVEL }),
): AppDeps {
  const pool = createPool(config.DATABASE_URL);
  pool.on('error', (error: Error) =>
    logger.warn({ err: { message: error.message } }, 'idle postgres client error'),
  );
  return { config, pool, redis: createRedis(config.REDIS_URL, logger), logger, renderPool: createRenderPool() };
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  await Promise.allSettled([closeCommandRunner(deps), closePokeHub(deps), closeAccounts(deps), deps.renderPool.close()]);
  await Promise.allSettled([deps.pool.end(), deps.redis.quit().catch(() => deps.redis.disconnect())]);
}
