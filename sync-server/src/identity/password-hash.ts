import { hash, verify, parseOptions } from '@node-rs/argon2';

/**
 * Password hashing: argon2id with the OWASP (2024) minimum profile — 19 MiB memory, 2 passes,
 * 1 lane. The spec names argon2id but no parameters; these are the library defaults made explicit
 * so a future library default change cannot silently weaken stored hashes.
 */
export const PASSWORD_ALGO = 'argon2id';

const ARGON2ID = 2; // Algorithm.Argon2id (an ambient const enum, unusable under isolatedModules)

export const PASSWORD_HASH_PARAMS = {
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} as const;

const OPTIONS = { ...PASSWORD_HASH_PARAMS, algorithm: ARGON2ID } as const;

export async function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Constant-time verification of `password` against a PHC-encoded argon2 hash; a malformed hash is a mismatch. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker (or different) parameters than the current profile. */
export function needsRehash(passwordHash: string): boolean {
  try {
    const p = parseOptions(passwordHash);
    return (
      p.algorithm !== ARGON2ID ||
      p.memoryCost !== PASSWORD_HASH_PARAMS.memoryCost ||
      p.timeCost !== PASSWORD_HASH_PARAMS.timeCost ||
      p.parallelism !== PASSWORD_HASH_PARAMS.parallelism
    );
  } catch {
    return true;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Burns the same time as a real verification, for logins naming an unknown address, so response
 * time does not reveal whether an account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('linkhub-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
