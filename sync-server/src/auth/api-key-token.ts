import { generateOpaqueToken, sha256Hex } from './opaque-token';

/**
 * API keys: `lh_` + 32 random bytes (base64url). Shown once at creation; stored as SHA-256 hex
 * (api_keys.key_hash) plus a short display prefix (api_keys.key_prefix) so a user can tell keys apart.
 */
export const API_KEY_PREFIX = 'lh_';
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export function generateApiKey(): { key: string; keyHash: string; displayPrefix: string } {
  const { token, tokenHash } = generateOpaqueToken(API_KEY_PREFIX);
  return { key: token, keyHash: tokenHash, displayPrefix: apiKeyDisplayPrefix(token) };
}

export function hashApiKey(key: string): string {
  return sha256Hex(key);
}

/** `lh_` and the first 8 random characters, e.g. `lh_Q2x9aZ0b`: enough to recognise, useless to replay. */
export function apiKeyDisplayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}

export function isApiKeyToken(value: string): boolean {
  return value.startsWith(API_KEY_PREFIX) && value.length > DISPLAY_PREFIX_LENGTH;
}
