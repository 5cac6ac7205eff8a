import type { AppDeps } from '../deps';
import { isLocalUrl, readAuthConfig, type AuthConfig } from '../auth/auth-config';
import { createSecretBox, type SecretBox } from '../auth/secret-box';
import { createMailer } from '../mail/create-mailer';
import type { Mailer } from '../mail/mailer';
import { parseTrustedProxies, type TrustedProxies } from '@linkhub/shared/analytics/client-ip';

/** What the account routes share beyond AppDeps: their config, the mailer, the secret box. */
export type Accounts = {
  deps: AppDeps;
  config: AuthConfig;
  mailer: Mailer;
  box: SecretBox;
  trustedProxies: TrustedProxies;
  /** Base URL for links in e-mails (the PWA handles /verify-email, /reset-password, … by calling the API). */
  publicUrl: string;
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
    box: createSecretBox(config.AUTH_SECRET),
    trustedProxies: parseTrustedProxies(config.TRUSTED_PROXIES),
    publicUrl: deps.config.PUBLIC_SYNC_URL.replace(/\/$/, ''),
    secureCookies: !isLocalUrl(deps.config.PUBLIC_SYNC_URL),
  };
  cache.set(deps, accounts);
  return accounts;
}
