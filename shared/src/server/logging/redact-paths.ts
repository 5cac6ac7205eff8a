import { FORWARDED_FOR_HEADER } from '../analytics/client-ip';
/**
 * Every log field that may hold a secret, a raw IP or a raw User-Agent (docs/product-rules.md#privacy), as data.
 * pino's redaction wildcards match one level each, so each key is listed at the top level and at
 * the depths our log objects use (`{ user: { password } }`, `{ req: { body: { token } } }`).
 */
export const SENSITIVE_KEYS = [
  'password',
  'new_password',
  'newPassword',
  'current_password',
  'currentPassword',
  'password_hash',
  'passwordHash',
  'secret',
  'client_secret',
  'webhook_secret',
  'totp_secret',
  'totpSecret',
  'token',
  'access_token',
  'refresh_token',
  'session_token',
  'sessionToken',
  'api_key',
  'apiKey',
  'key_hash',
  'authorization',
  'cookie',
  'set-cookie',
  'ip',
  'ip_address',
  'ipAddress',
  'remoteAddress',
  'remote_address',
  FORWARDED_FOR_HEADER,
  'x-real-ip',
  'cf-connecting-ip',
  'user_agent',
  'userAgent',
  'user-agent',
] as const;

/** Header-shaped containers, redacted by header name wherever they appear. */
const HEADER_CONTAINERS = [
  'headers',
  'req.headers',
  'res.headers',
  'request.headers',
  'response.headers',
] as const;

function accessor(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `["${key}"]`;
}

function buildPaths(): string[] {
  const paths = new Set<string>();
  for (const key of SENSITIVE_KEYS) {
    const top = accessor(key);
    paths.add(top.startsWith('.') ? top.slice(1) : top);
    paths.add(`*${top}`);
    paths.add(`*.*${top}`);
    for (const container of HEADER_CONTAINERS) paths.add(`${container}${top}`);
  }
  return [...paths];
}

/** The pino `redact.paths` list every LinkHub logger uses. */
export const REDACT_PATHS: readonly string[] = buildPaths();

export const REDACTED = '[redacted]';
