import type pg from 'pg';
import { openRedis, type RedisClient } from '@linkhub/shared/server/redis/client';
import { createLogger, type Logger } from '@linkhub/shared/server/logging/logger';
import { JobProducer } from '@linkhub/shared/server/jobs/producer';
import { createMailer } from '@linkhub/shared/server/mail/create-mailer';
import type { Mailer } from '@linkhub/shared/mail/mailer';
import { createSecretBox, type SecretBox } from '@linkhub/shared/server/crypto/secret-box';
import { systemResolveHost, type ResolveHost } from '@linkhub/shared/server/net/address-policy';
import { redisRoleUrls } from '@linkhub/shared/config/redis-roles';
import type { WorkerEnv } from './env';
import { databaseTargets } from '@linkhub/shared/config/database';
import { createPgPool } from '@linkhub/shared/server/db/pool';

import { addressesVia, type AddressOf } from '@linkhub/shared/url/public-address';
/** How webhook deliveries reach the network: DNS, and which addresses may be connected to (default: public ones only). */
export type WebhookNetwork = {
  resolveHost: ResolveHost;
  allowAddress?: (address: string) => boolean;
  /** Which ports (default: 443 and 80 only). */
  allowPort?: (port: number) => boolean;
  ca?: string;
};

/** The worker's long-lived services, built once by createWorkerDeps and closed by closeWorkerDeps. */
export type WorkerDeps = {
  config: WorkerEnv;
  pool: pg.Pool;
  /** The queue role (QUEUE_REDIS_URL): BullMQ, `clicks:raw`, pokes, certificate announcements. Must not evict. */
  redis: RedisClient;
  /** The cache role (CACHE_REDIS_URL): the edge's keys rebuilt from PostgreSQL (cache-refresh). The same client when both URLs agree. */
  cacheRedis: RedisClient;
  logger: Logger;
  jobs: JobProducer;
  mailer: Mailer;
  /** Opens webhook signing secrets (sealed with AUTH_SECRET, like the sync-server's secrets). */
  secrets: SecretBox;
  webhookNetwork: WebhookNetwork;
  /** How a short URL on one of our hosts is addressed (PUBLIC_EDGE_URL on the dev stack's hosts). */
  addressOf: AddressOf;
};

export function createWorkerDeps(
  config: WorkerEnv,
  logger: Logger = createLogger('worker', { level: config.LOG_LEVEL }),
  overrides: { webhookNetwork?: WebhookNetwork } = {},
): WorkerDeps {
  const targets = databaseTargets(config);
  const pool = createPgPool({
    target: targets.primary,
    applicationName: 'linkhub-worker',
    preparedStatements: targets.preparedStatements,
  });
  pool.on('error', (error: Error) =>
    logger.warn({ err: { message: error.message } }, 'idle postgres client error'),
  );
  // BullMQ workers block on Redis: they need maxRetriesPerRequest null.
  const urls = redisRoleUrls(config);
  const redis = openRedis(urls.queue, { maxRetriesPerRequest: null, connectTimeout: 3_000 });
  redis.on('error', (error: Error) =>
    logger.warn({ err: { message: error.message } }, 'redis connection error'),
  );
  const cacheRedis =
    urls.cache === urls.queue
      ? redis
      : openRedis(urls.cache, { maxRetriesPerRequest: 2, connectTimeout: 3_000 });
  if (cacheRedis !== redis)
    cacheRedis.on('error', (error: Error) =>
      logger.warn({ err: { message: error.message } }, 'cache redis connection error'),
    );
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
    outboxDir: config.OUTBOX_DIR,
  });
  return {
    config,
    pool,
    redis,
    cacheRedis,
    logger,
    jobs: new JobProducer(redis, config.REDIS_PREFIX),
    mailer,
    secrets: createSecretBox(config.AUTH_SECRET),
    webhookNetwork: overrides.webhookNetwork ?? { resolveHost: systemResolveHost },
    addressOf: addressesVia(config.PUBLIC_EDGE_URL),
  };
}

export async function closeWorkerDeps(deps: WorkerDeps): Promise<void> {
  await deps.jobs.close();
  await deps.mailer.close?.();
  const clients = deps.cacheRedis === deps.redis ? [deps.redis] : [deps.redis, deps.cacheRedis];
  await Promise.allSettled([
    deps.pool.end(),
    ...clients.map((client) => client.quit().catch(() => client.disconnect())),
  ]);
}
