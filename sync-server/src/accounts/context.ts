import type { AppDeps } from '../deps';
import { isLocalUrl, readAuthConfig, type AuthConfig } from '../auth/auth-config';
import { createSecretBox, type SecretBox } from '../auth/secret-box';
import { createMailer } from '../mail/create-mailer';
import type { Mailer } from '../mail/mailer';
import { parseTrustedProxies, type TrustedProxies } from '@linkhub/shared/analytics/client-ip';
import { startAccountMailQueue, type AccountMailQueue } from '../mail/account-mail-queue';
import { deliverAccountMail } from './account-mail';
import { appBaseUrl } from './app-links';

/** What the account routes share beyond AppDeps: their config, the mailer and its queue, the secret box. */
export type Accounts = {
  deps: AppDeps;
  config: AuthConfig;
  mailer: Mailer;
  /** Account e-mails requests must not send themselves (sign-up, reset, magic link): see account-mail.ts. */
  mailQueue: AccountMailQueue;
  box: SecretBox;
  trustedProxies: TrustedProxies;
  /** The PWA's origin: every link in an e-mail and every redirect after a one-click door (app-links.ts). */
  appUrl: string;
  /** Set cookies with `Secure` (everywhere but plain-http localhost). */
  secureCookies: boolean;
};

const cache = new WeakMap<AppDeps, Accounts>();

/** One Accounts per AppDeps (route groups share the mailer). */
export function accountsFor(deps: AppDeps): Accounts {
  const found = cache.get(deps);
  if (found) return found;
  const config = readAuthConfig(deps.config, process.env, deps.config.PUBLIC_SYNC_URL);
  const accounts: Accounts = {
    deps,
    config,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, mailFrom: config.MAIL_FROM, outboxDir: config.OUTBOX_DIR }),
    mailQueue: startAccountMailQueue({
      redis: deps.redis,
      redisUrl: deps.config.REDIS_URL,
      redisPrefix: deps.config.REDIS_PREFIX,
      logger: deps.logger,
      handle: (job) => deliverAccountMail(accounts, job),
    }),
    box: createSecretBox(config.AUTH_SECRET),
    trustedProxies: parseTrustedProxies(config.TRUSTED_PROXIES),
    appUrl: appBaseUrl(deps.config.PUBLIC_PWA_URL),
    secureCookies: !isLocalUrl(deps.config.PUBLIC_SYNC_URL),
  };
  cache.set(deps, accounts);
  return accounts;
}

/** Stops the account-mail consumer and the mailer of `deps`, if they were started. */
export async function closeAccounts(deps: AppDeps): Promise<void> {
  const accounts = cache.get(deps);
  if (!accounts) return;
  cache.delete(deps);
  await accounts.mailQueue.close();
  await accounts.mailer.close?.();
}
