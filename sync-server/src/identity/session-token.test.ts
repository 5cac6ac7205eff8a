import { describe, expect, it } from 'vitest';
import {
  SESSION_ABSOLUTE_TTL_MS,
  SESSION_ROLLING_TTL_MS,
  generateSessionToken,
  hashSessionToken,
  initialExpiry,
  isSessionLive,
  isSessionToken,
  rolledExpiry,
} from './session-token';
import { isApiKeyToken } from './api-key-token';

describe('session tokens', () => {
  it('are random, prefixed, and stored only as their SHA-256', () => {
    const a = generateSessionToken();
    const b = generateSessionToken();
    expect(a.token).not.toBe(b.token);
    expect(a.token.startsWith('lhs_')).toBe(true);
    expect(isSessionToken(a.token)).toBe(true);
    expect(isApiKeyToken(a.token)).toBe(false);
    expect(a.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.tokenHash).toBe(hashSessionToken(a.token));
    expect(a.tokenHash).not.toContain(a.token.slice(4));
  });

  it('roll forward on use but never past the absolute expiry', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const e = initialExpiry(start);
    expect(e.absoluteExpiresAt.getTime() - start.getTime()).toBe(SESSION_ABSOLUTE_TTL_MS);
    const later = new Date(start.getTime() + 10 * 86_400_000);
    expect(rolledExpiry(later, e.absoluteExpiresAt).getTime()).toBe(later.getTime() + SESSION_ROLLING_TTL_MS);
    const nearEnd = new Date(e.absoluteExpiresAt.getTime() - 1000);
    expect(rolledExpiry(nearEnd, e.absoluteExpiresAt)).toEqual(e.absoluteExpiresAt);
  });

  it('are dead once revoked, idle past the rolling window, or past the absolute cap', () => {
    const now = new Date('2026-01-10T00:00:00Z');
    const live = {
      revokedAt: null,
      rollingExpiresAt: new Date(now.getTime() + 1),
      absoluteExpiresAt: new Date(now.getTime() + 2),
    };
    expect(isSessionLive(live, now)).toBe(true);
    expect(isSessionLive({ ...live, revokedAt: now }, now)).toBe(false);
    expect(isSessionLive({ ...live, rollingExpiresAt: now }, now)).toBe(false);
    expect(isSessionLive({ ...live, absoluteExpiresAt: now }, now)).toBe(false);
  });
});
