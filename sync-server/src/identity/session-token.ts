import { generateOpaqueToken, sha256Hex } from './opaque-token';

/**
 * Session tokens: 32 random bytes, `lhs_`-prefixed so a bearer token is never mistaken for an API
 * key (`lh_…`). Only the SHA-256 is stored (sessions.token_hash); the raw token exists in the
 * cookie / the desktop app's secure store and in the login response, nowhere else.
 */
export const SESSION_TOKEN_PREFIX = 'lhs_';
export const SESSION_COOKIE = 'lh_session';

/** Rolling window: a session unused this long expires; each use extends it, up to the absolute cap. */
export const SESSION_ROLLING_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/** Absolute cap: a session never lives longer than this after sign-in, however active. */
export const SESSION_ABSOLUTE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** last_seen_at / rolling expiry are rewritten at most this often per session (avoids a write per request). */
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

export function generateSessionToken(): { token: string; tokenHash: string } {
  return generateOpaqueToken(SESSION_TOKEN_PREFIX);
}

export function hashSessionToken(token: string): string {
  return sha256Hex(token);
}

export function isSessionToken(value: string): boolean {
  return value.startsWith(SESSION_TOKEN_PREFIX) && value.length > SESSION_TOKEN_PREFIX.length + 20;
}

export type SessionExpiry = { rollingExpiresAt: Date; absoluteExpiresAt: Date };

export function initialExpiry(now: Date): SessionExpiry {
  const absoluteExpiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_TTL_MS);
  return { rollingExpiresAt: new Date(now.getTime() + SESSION_ROLLING_TTL_MS), absoluteExpiresAt };
}

/** The rolling expiry after a use at `now`, never past the absolute cap. */
export function rolledExpiry(now: Date, absoluteExpiresAt: Date): Date {
  return new Date(Math.min(now.getTime() + SESSION_ROLLING_TTL_MS, absoluteExpiresAt.getTime()));
}

export function isSessionLive(
  s: { revokedAt: Date | null; rollingExpiresAt: Date; absoluteExpiresAt: Date },
  now: Date,
): boolean {
  return s.revokedAt === null && s.rollingExpiresAt > now && s.absoluteExpiresAt > now;
}
