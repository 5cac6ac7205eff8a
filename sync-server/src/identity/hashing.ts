import { createHmac } from 'node:crypto';

/**
 * Keyed digests for identifiers we must count but never store: the normalised email of a sign-in
 * attempt (auth_attempts.identifier_hash, rate-limit keys) and the client IP (network_hash).
 * Keyed with AUTH_SECRET so a leaked table cannot be reversed by hashing a list of addresses.
 */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function identifierHash(secret: string, email: string): string {
  return createHmac('sha256', secret)
    .update(`id:${normalizeEmail(email)}`)
    .digest('hex');
}

/** 16-byte digest of a client IP (never the IP itself). */
export function networkHash(secret: string, ip: string): Buffer {
  return createHmac('sha256', secret).update(`ip:${ip}`).digest().subarray(0, 16);
}
