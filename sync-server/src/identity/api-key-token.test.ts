import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiKeyDisplayPrefix, generateApiKey, hashApiKey, isApiKeyToken } from './api-key-token';

describe('API key tokens', () => {
  it('are lh_-prefixed, random, and hashed with SHA-256 hex', () => {
    const a = generateApiKey();
    const b = generateApiKey();
    expect(a.key).toMatch(/^lh_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    expect(a.key).not.toBe(b.key);
    expect(a.keyHash).toBe(createHash('sha256').update(a.key).digest('hex'));
    expect(hashApiKey(a.key)).toBe(a.keyHash);
    expect(isApiKeyToken(a.key)).toBe(true);
  });

  it('display only a short prefix', () => {
    const { key, displayPrefix } = generateApiKey();
    expect(displayPrefix).toHaveLength(11);
    expect(displayPrefix).toMatch(/^[A-Za-z0-9_]{4,32}$/); // api_keys.prefix CHECK
    expect(key.startsWith(displayPrefix)).toBe(true);
    expect(apiKeyDisplayPrefix(key)).toBe(displayPrefix);
    expect(isApiKeyToken(displayPrefix)).toBe(false);
  });
});
