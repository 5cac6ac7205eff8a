import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** SHA-256 of a secret as lowercase hex: the only form in which any bearer secret is stored. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** A URL-safe random secret with a recognisable prefix, and its stored hash. */
export function generateOpaqueToken(prefix: string, bytes = 32): { token: string; tokenHash: string } {
  const token = `${prefix}${randomBytes(bytes).toString('base64url')}`;
  return { token, tokenHash: sha256Hex(token) };
}

/** Constant-time comparison of two equal-length hex digests. */
export function digestsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && left.length > 0 && timingSafeEqual(left, right);
}
