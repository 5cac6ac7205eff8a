import { z } from 'zod';
import { DEV_AUTH_SECRET } from '@linkhub/shared/server/crypto/secret-box';
import { mailEnvShape } from '@linkhub/shared/server/mail/env';

/**
 * Settings of the accounts feature, part of the sync-server's one env schema (env.ts spreads
 * `authEnvShape` into it).
 */
export { DEV_AUTH_SECRET };

export const authEnvShape = {
  /** SMTP_URL, MAIL_FROM, OUTBOX_DIR: the one mail setting shape (the worker sends lead mail too). */
  ...mailEnvShape,
  /** Keys the TOTP secret box and the identifier/IP hashes. Must be set (≥ 32 chars) in production. */
  AUTH_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEV_AUTH_SECRET),
  TRUSTED_PROXIES: z.string().optional(),
} as const;

export const authEnvSchema = z.object(authEnvShape);
export type AuthConfig = z.infer<typeof authEnvSchema>;

/** A public (non-localhost) deployment without its own AUTH_SECRET refuses to start (a refinement of the env schema). */
export function requireOwnAuthSecret(
  config: { PUBLIC_SYNC_URL: string; AUTH_SECRET: string },
  ctx: z.RefinementCtx,
): void {
  if (!isLocalUrl(config.PUBLIC_SYNC_URL) && config.AUTH_SECRET === DEV_AUTH_SECRET) {
    ctx.addIssue({
      code: 'custom',
      path: ['AUTH_SECRET'],
      message: 'is required outside localhost (at least 32 random characters)',
    });
  }
}

export function isLocalUrl(url: string): boolean {
  const u = new URL(url);
  return (
    u.protocol === 'http:' &&
    (u.hostname === 'localhost' || u.hostname === '127.0.0.1' || u.hostname.endsWith('.localhost'))
  );
}
