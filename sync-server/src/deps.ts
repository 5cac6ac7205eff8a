import type pg from 'pg';
import { openRedis, type RedisClient } from '@linkhub/shared/server/redis/client';
import { createLogger, type Logger } from '@linkhub/shared/server/logging/logger';
import { artifactStoreFor } from '@linkhub/shared/server/artifacts/config';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import { JobProducer } from '@linkhub/shared/server/jobs/producer';
import { redisRoleUrls } from '@linkhub/shared/config/redis-roles';
import type { SyncServerEnv } from './platform/env';
import { databaseTargets, type DatabaseTarget } from '@linkhub/shared/config/database';
import { createPgPool } from '@linkhub/shared/server/db/pool';
import { createSyncPrometheus } from './platform/prometheus';
import type { AppDeps } from './http/app-deps';
import { createSecretBox } from '@linkhub/shared/server/crypto/secret-box';
import { commandRegistry } from './tables/commands';
import { randomSlug } from '@linkhub/shared/mutators/args';
import { isWebPort } from '@linkhub/shared/webhooks/ports';
import { CommandRunner } from './kernel/runner';
import { systemResolveHost, type ResolveHost } from './kernel/destination-safety';
import { PokeHub } from './sync/poke';
import { createAccounts, closeAccounts } from './identity/context';
import { createRenderPool, type RenderPool } from './platform/render-pool/pool';
import { createStripeBilling } from './platform/stripe-client';
import { defaultPlanOf } from './platform/stripe-env';
import { PLANS } from '@linkhub/shared/entitlements/plans';
import { addressesVia } from '@linkhub/shared/url/public-address';

export type { AppDeps } from './http/app-deps';

/** What a caller may supply instead of the default built from `config` (tests inject DNS and artifact stores). */
export type DepsOverrides = {
  logger?: Logger;
  resolveHost?: ResolveHost;
  artifacts?: ArtifactStore;
  renderPool?: RenderPool;
  /** The slugs a create generates when none is chosen (tests force a collision with it). */
  generateSlug?: () => string;
  /** Which ports a webhook address may name (default: 443 and 80); tests with a local receiver widen it. */
  allowWebhookPort?: (port: number) => boolean;
};

/** The primary's pool and, with DATABASE_READ_URL set, the replica's (else the same pool). */
export function createPools(config: SyncServerEnv): { pool: pg.Pool; readPool: pg.Pool } {
  const targets = databaseTargets(config);
  const open = (target: DatabaseTarget, applicationName: string) =>
    createPgPool({ target, applicationName, preparedStatements: targets.preparedStatements });
  const pool = open(targets.primary, 'linkhub-sync');
  return { pool, readPool: targets.separateRead ? open(targets.read, 'linkhub-sync-read') : pool };
}

export function createRedis(redisUrl: string, logger: Logger): RedisClient {
  const redis = openRedis(redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 3_000 });
  // ioredis reconnects on its own; one line per failure, never the URL (it may carry a password).
  redis.on('error', (error: Error) =>
    logger.warn({ err: { message: error.message } }, 'redis connection error'),
  );
  return redis;
}

/** The composition root: every long-lived service of the process, built once. */
export function createDeps(config: SyncServerEnv, overrides: DepsOverrides = {}): AppDeps {
  const logger = overrides.logger ?? createLogger('sync-server', { level: config.LOG_LEVEL });
  const { pool, readPool } = createPools(config);
  for (const each of new Set([pool, readPool]))
    each.on('error', (error: Error) =>
      logger.warn({ err: { message: error.message } }, 'idle postgres client error'),
    );
  const urls = redisRoleUrls(config);
  const redis = createRedis(urls.queue, logger);
  const cacheRedis = urls.cache === urls.queue ? redis : createRedis(urls.cache, logger);
  const artifacts = overrides.artifacts ?? artifactStoreFor(config);
  const resolveHost = overrides.resolveHost ?? systemResolveHost;
  const addressOf = addressesVia(config.PUBLIC_EDGE_URL);
  const jobs = new JobProducer(redis, config.REDIS_PREFIX);
  const renderPool = overrides.renderPool ?? createRenderPool();
  const commands = new CommandRunner(
    {
      pool,
      redis,
      cacheRedis,
      redisPrefix: config.REDIS_PREFIX,
      logger,
      hosts: { linkHost: config.LINK_HOST, bioHost: config.BIO_HOST },
      enqueue: (batch) => jobs.enqueueAll(batch),
      resolveHost,
      addressOf,
      commandDeps: {
        cache: { pool, redis: cacheRedis, prefix: config.REDIS_PREFIX },
        artifacts,
        rasteriseSvg: renderPool.rasteriseSvg,
        secrets: createSecretBox(config.AUTH_SECRET),
        generateSlug: overrides.generateSlug ?? randomSlug,
        allowWebhookPort: overrides.allowWebhookPort ?? isWebPort,
      },
    },
    commandRegistry(),
  );
  const billing = createStripeBilling(config);
  if (billing === null) {
    logger.info(
      `billing: STRIPE_SECRET_KEY is not set, so no checkout, portal or Stripe webhook: new workspaces start on the ${PLANS[defaultPlanOf(config)].name} plan (DEFAULT_PLAN) and the operator changes plans with \`npm run linkhub -- plan set <workspace> <plan>\``,
    );
  } else {
    logger.info(
      { livemode: config.STRIPE_SECRET_KEY?.includes('_live_') === true },
      'billing: Stripe is configured',
    );
  }
  return {
    config,
    pool,
    readPool,
    redis,
    cacheRedis,
    prometheus: createSyncPrometheus(),
    logger,
    artifacts,
    renderPool,
    resolveHost,
    addressOf,
    jobs,
    commands,
    pokes: new PokeHub(redis, config.REDIS_PREFIX),
    accounts: createAccounts({ config, pool, redis, logger }),
    billing,
  };
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  // The jobs and pokes of answered requests still need the queues, the pool and Redis.
  await deps.commands.settled();
  await Promise.allSettled([
    deps.jobs.close(),
    deps.pokes.close(),
    closeAccounts(deps.accounts),
    deps.renderPool.close(),
  ]);
  const clients = deps.cacheRedis === deps.redis ? [deps.redis] : [deps.redis, deps.cacheRedis];
  await Promise.allSettled([
    deps.pool.end(),
    ...(deps.readPool === deps.pool ? [] : [deps.readPool.end()]),
    ...clients.map((client) => client.quit().catch(() => client.disconnect())),
  ]);
}
