import { randomBytes, randomInt } from 'node:crypto';
import { sha256Hex } from './opaque-token';

/**
 * API keys: `lh_<prefix>_<secret>` — an 8-character alphanumeric public prefix (stored in
 * api_keys.prefix as `lh_<prefix>`, unique, shown in the key list so a user can tell keys apart)
 * and 32 random bytes of secret (base64url). Shown once at creation; only the SHA-256 hex of the
 * whole key is stored (api_keys.key_hash).
 */
export const API_KEY_PREFIX = 'lh_';
const PREFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PREFIX_LENGTH = 8;
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + PREFIX_LENGTH;

export function generateApiKey(): { key: string; keyHash: string; displayPrefix: string } {
  let publicPart = '';
  for (let i = 0; i < PREFIX_LENGTH; i += 1)
    publicPart += PREFIX_ALPHABET.charAt(randomInt(PREFIX_ALPHABET.length));
  const key = `${API_KEY_PREFIX}${publicPart}_${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: hashApiKey(key), displayPrefix: apiKeyDisplayPrefix(key) };
}

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

/** `lh_` and the 8-character public part, e.g. `lh_Q2x9aZ0b`: enough to recognise, useless to replay. */
export function apiKeyDisplayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}

export function isApiKeyToken(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX) && value.length > DISPLAY_PREFIX_LENGTH + 1;
}
