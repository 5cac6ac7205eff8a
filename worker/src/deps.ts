import pg from 'pg';
import { Redis } from 'ioredis';
import { createLogger, type Logger } from '@linkhub/shared/logging/logger';
import { JobProducer } from '@linkhub/shared/jobs/producer';
import { createMailer } from '@linkhub/shared/mail/create-mailer';
import type { Mailer } from '@linkhub/shared/mail/mailer';
import { createSecretBox, type SecretBox } from '@linkhub/shared/crypto/secret-box';
import { systemResolveHost, type ResolveHost } from '@linkhub/shared/net/address-policy';
import type { WorkerEnv } from './env';

/** How webhook deliveries reach the network: DNS, and which addresses may be connected to (default: public ones only). */
export type WebhookNetwork = {
  resolveHost: ResolveHost;
  allowAddress?: (address: string) => boolean;
  ca?: string;
};

/** The worker's long-lived services, built once by createWorkerDeps and closed by closeWorkerDeps. */
export type WorkerDeps = {
  config: WorkerEnv;
  pool: pg.Pool;
  redis: Redis;
  logger: Logger;
  jobs: JobProducer;
  mailer: Mailer;
  /** Opens webhook signing secrets (sealed with AUTH_SECRET, like the sync-server's secrets). */
  secrets: SecretBox;
  webhookNetwork: WebhookNetwork;
};

export function createWorkerDeps(
  config: WorkerEnv,
  logger: Logger = createLogger('worker', { level: config.LOG_LEVEL }),
  overrides: { webhookNetwork?: WebhookNetwork } = {},
): WorkerDeps {
  const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 5, connectionTimeoutMillis: 3_000 });
  pool.on('error', (error: Error) =>
    logger.warn({ err: { message: error.message } }, 'idle postgres client error'),
  );
  // BullMQ workers block on Redis: they need maxRetriesPerRequest null.
  const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null, connectTimeout: 3_000 });
  redis.on('error', (error: Error) =>
    logger.warn({ err: { message: error.message } }, 'redis connection error'),
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
    logger,
    jobs: new JobProducer(redis, config.REDIS_PREFIX),
    mailer,
    secrets: createSecretBox(config.AUTH_SECRET),
    webhookNetwork: overrides.webhookNetwork ?? { resolveHost: systemResolveHost },
  };
}

export async function closeWorkerDeps(deps: WorkerDeps): Promise<void> {
  await deps.jobs.close();
  await deps.mailer.close?.();
  await Promise.allSettled([deps.pool.end(), deps.redis.quit().catch(() => deps.redis.disconnect())]);
}
