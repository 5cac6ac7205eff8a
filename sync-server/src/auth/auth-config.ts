import { z } from 'zod';
import { EnvError, parseEnvOrThrow } from '@linkhub/shared/config/env';

/**
 * Settings of the accounts feature. They are read from the sync-server's validated config when it
 * carries them (spread `authEnvShape` into syncServerEnvSchema), else from the environment — one zod
 * schema either way.
 */
export const DEV_AUTH_SECRET = 'linkhub-dev-auth-secret-not-for-production';

export const authEnvShape = {
  /** SMTP delivery (e.g. smtp://user:pass@mail:587); unset → files in the dev outbox. */
  SMTP_URL: z.url().refine((v) => /^smtps?:/.test(v), 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().min(3).default('LinkHub <no-reply@linkhub.localhost>'),
  OUTBOX_DIR: z.string().min(1).default('.linkhub/outbox'),
  /** Keys the TOTP secret box and the identifier/IP hashes. Must be set (≥ 32 chars) in production. */
  AUTH_SECRET: z.string().min(16, 'must be at least 16 characters').default(DEV_AUTH_SECRET),
  TRUSTED_PROXIES: z.string().optional(),
} as const;

export const authEnvSchema = z.object(authEnvShape);
export type AuthConfig = z.infer<typeof authEnvSchema>;

function strings(source: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(source)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** Reads the settings; a public (non-localhost) deployment without its own AUTH_SECRET refuses to start. */
export function readAuthConfig(config: Record<string, unknown>, env: Record<string, string | undefined> = process.env, publicUrl?: string): AuthConfig {
  const parsed = parseEnvOrThrow(authEnvSchema, { ...strings(env), ...strings(config) });
  if (publicUrl !== undefined && !isLocalUrl(publicUrl) && parsed.AUTH_SECRET === DEV_AUTH_SECRET) {
    throw new EnvError([{ variable: 'AUTH_SECRET', issue: 'is required outside localhost (at least 32 random characters)' }]);
  }
  return parsed;
}

export function isLocalUrl(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'http:' && (u.hostname === 'localhost' || u.hostname === '127.0.0.1' || u.hostname.endsWith('.localhost'));
}
