import type pg from 'pg';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import { isLocalUrl } from '../platform/auth-config';
import { createSecretBox } from './secret-box';
import { createMailer } from '@linkhub/shared/server/mail/create-mailer';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { startAccountMailQueue } from './account-mail-queue';
import type { SyncServerEnv } from '../platform/env';
import { deliverAccountMail } from './account-mail';
import { appBaseUrl } from './app-links';
import type { Accounts } from './accounts';
import { ApiKeyRows } from './api-key-rows';

export type { Accounts } from './accounts';

/** Built once by the composition root (deps.ts). */
export function createAccounts(base: {
  config: SyncServerEnv;
  pool: pg.Pool;
  redis: RedisClient;
  logger: Logger;
}): Accounts {
  const { config } = base;
  const accounts: Accounts = {
    ...base,
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      mailFrom: config.MAIL_FROM,
      outboxDir: config.OUTBOX_DIR,
    }),
    mailQueue: startAccountMailQueue({
      redis: base.redis,
      redisUrl: config.REDIS_URL,
      redisPrefix: config.REDIS_PREFIX,
      logger: base.logger,
      handle: (job) => deliverAccountMail(accounts, job),
    }),
    box: createSecretBox(config.AUTH_SECRET),
    apiKeyRows: new ApiKeyRows(),
    trustedProxies: parseTrustedProxies(config.TRUSTED_PROXIES),
    appUrl: appBaseUrl(config.PUBLIC_PWA_URL),
    secureCookies: !isLocalUrl(config.PUBLIC_SYNC_URL),
  };
  return accounts;
}

/** Stops the account-mail consumer and the mailer. */
export async function closeAccounts(accounts: Accounts): Promise<void> {
  await accounts.mailQueue.close();
  await accounts.mailer.close?.();
}
