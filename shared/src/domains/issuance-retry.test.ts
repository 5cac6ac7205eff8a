import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { ISSUANCE_RETRY_DELAYS_MS, issuanceRetryDelay } from './issuance-retry';

const plain = { rateLimited: false, retryAfterMs: null };

describe('certificate order retries', () => {
  it('back off from a minute to a day, then stay at a day', () => {
    expect(issuanceRetryDelay(1, plain)).toBe(60_000);
    expect(issuanceRetryDelay(2, plain)).toBe(300_000);
    expect(issuanceRetryDelay(ISSUANCE_RETRY_DELAYS_MS.length, plain)).toBe(86_400_000);
    expect(issuanceRetryDelay(50, plain)).toBe(86_400_000);
  });

  it("wait at least an hour when rate limited, longer when the CA's Retry-After says so", () => {
    expect(issuanceRetryDelay(1, { rateLimited: true, retryAfterMs: null })).toBe(3_600_000);
    expect(issuanceRetryDelay(1, { rateLimited: true, retryAfterMs: 10_000 })).toBe(3_600_000);
    expect(issuanceRetryDelay(1, { rateLimited: true, retryAfterMs: 7 * 3_600_000 })).toBe(7 * 3_600_000);
  });

  test.prop([
    fc.integer({ min: 1, max: 1_000 }),
    fc.boolean(),
    fc.option(fc.integer({ min: 0, max: 30 * 86_400_000 }), { nil: null }),
  ])(
    'never retry sooner than the plain backoff, nor a rate limit sooner than its Retry-After',
    (attempt, rateLimited, retryAfterMs) => {
      const delay = issuanceRetryDelay(attempt, { rateLimited, retryAfterMs });
      expect(delay).toBeGreaterThanOrEqual(issuanceRetryDelay(attempt, plain));
      if (rateLimited) expect(delay).toBeGreaterThanOrEqual(Math.max(3_600_000, retryAfterMs ?? 0));
      else expect(delay).toBeLessThanOrEqual(86_400_000);
    },
  );
});
