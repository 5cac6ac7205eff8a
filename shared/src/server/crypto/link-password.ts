import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * A link's password (D-615): scrypt, memory-hard and built into Node (the edge, which verifies,
 * needs no native module). 2^15 × 8 × 128 bytes = 32 MiB per hash, about 50-100 ms of one core;
 * the edge verifies only behind its throttles. Stored as `scrypt$log2N$r$p$salt$hash` (base64url),
 * so stronger parameters later still verify the hashes made today.
 */
export const LINK_PASSWORD_PARAMS = { log2N: 15, r: 8, p: 1, keyLength: 32, saltLength: 16 } as const;
const MAX_LOG2_N = 17;

function derive(
  password: string,
  salt: Buffer,
  log2N: number,
  r: number,
  p: number,
  keyLength: number,
): Promise<Buffer> {
  const cost = 2 ** log2N;
  const options: ScryptOptions = { N: cost, r, p, maxmem: 256 * cost * r + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashLinkPassword(password: string): Promise<string> {
  const { log2N, r, p, keyLength, saltLength } = LINK_PASSWORD_PARAMS;
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, log2N, r, p, keyLength);
  return `scrypt$${log2N}$${r}$${p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** Constant-time check; a malformed or out-of-bounds stored value is a mismatch, never a throw. */
export async function verifyLinkPassword(stored: string, password: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [log2N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (log2N === undefined || r === undefined || p === undefined) return false;
  if (
    ![log2N, r, p].every(Number.isInteger) ||
    log2N < 10 ||
    log2N > MAX_LOG2_N ||
    r < 1 ||
    r > 16 ||
    p !== 1
  )
    return false;
  if (salt.length < 8 || expected.length < 16 || expected.length > 64) return false;
  try {
    const key = await derive(password, salt, log2N, r, p, expected.length);
    return timingSafeEqual(key, expected);
  } catch {
    return false;
  }
}
