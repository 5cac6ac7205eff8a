import type pg from 'pg';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { TrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import type { SecretBox } from './secret-box';
import type { Mailer } from '@linkhub/shared/mail/mailer';
import type { AccountMailQueue } from './account-mail-queue';
import type { SyncServerEnv } from '../platform/env';
import type { ApiKeyRows } from './api-key-rows';

/** What the account routes share: their settings, the database, the mailer and its queue, the secret box. */
export type Accounts = {
  config: SyncServerEnv;
  pool: pg.Pool;
  redis: RedisClient;
  logger: Logger;
  mailer: Mailer;
  /** Account e-mails requests must not send themselves (sign-up, reset, magic link): see account-mail.ts. */
  mailQueue: AccountMailQueue;
  box: SecretBox;
  /** API key rows by token digest (revocation is read afresh by every authorize load). */
  apiKeyRows: ApiKeyRows;
  trustedProxies: TrustedProxies;
  /** The PWA's origin: every link in an e-mail and every redirect after a one-click door (app-links.ts). */
  appUrl: string;
  /** Set cookies with `Secure` (everywhere but plain-http localhost). */
  secureCookies: boolean;
};
