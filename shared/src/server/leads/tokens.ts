import { createHash, randomBytes } from 'node:crypto';

/**
 * The tokens mailed to a lead (confirmation, unsubscribe): 32 random bytes, base64url, unguessable,
 * so the link is its own signature; only the SHA-256 digest (hex) is stored, so a database read
 * never yields a working link. The confirmation token is single-use (its digest is cleared when used).
 */
export function newLeadToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: leadTokenHash(token) };
}

export function leadTokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A token as a link carries it: 43 base64url characters. */
export const LEAD_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** How long a double opt-in confirmation link works; the unconfirmed lead is deleted after it. */
export const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The id of a visitor's pending `lead-capture` job: one per (page, address), so a double submit
 * while it waits is one job, and erasure can find and remove it without storing the address.
 */
export function leadCaptureJobId(pageId: string, email: string): string {
  return `lead-${createHash('sha256').update(`${pageId}\0${email.toLowerCase()}`, 'utf8').digest('hex').slice(0, 40)}`;
}
