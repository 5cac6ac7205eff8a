import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { renewAt, renewalDue, RENEW_AHEAD_MS } from './renewal';

const DAY = 86_400_000;
const at = (iso: string) => new Date(iso);

describe('certificate renewal', () => {
  it('renews a 90-day certificate 30 days before it expires', () => {
    const validity = { notBefore: at('2026-01-01T00:00:00Z'), notAfter: at('2026-04-01T00:00:00Z') };
    expect(renewAt(validity).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(renewalDue(validity, at('2026-03-01T23:59:59Z'))).toBe(false);
    expect(renewalDue(validity, at('2026-03-02T00:00:00Z'))).toBe(true);
  });

  it('renews a short-lived certificate at two thirds of its life', () => {
    const validity = { notBefore: at('2026-01-01T00:00:00Z'), notAfter: at('2026-01-07T00:00:00Z') };
    expect(renewAt(validity).toISOString()).toBe('2026-01-05T00:00:00.000Z');
  });

  it('renews a five-year certificate 30 days ahead, not years ahead', () => {
    const validity = { notBefore: at('2026-01-01T00:00:00Z'), notAfter: at('2031-01-01T00:00:00Z') };
    expect(validity.notAfter.getTime() - renewAt(validity).getTime()).toBe(RENEW_AHEAD_MS);
  });

  test.prop([fc.integer({ min: 0, max: 4_000 * DAY }), fc.integer({ min: 1, max: 2_000 * DAY })])(
    'the renewal moment always lies inside the validity, in its last third and at most 30 days before the end',
    (start, lifetime) => {
      const validity = { notBefore: new Date(start), notAfter: new Date(start + lifetime) };
      const renew = renewAt(validity).getTime();
      expect(renew).toBeGreaterThanOrEqual(start + (lifetime * 2) / 3 - 1);
      expect(renew).toBeLessThan(start + lifetime);
      expect(start + lifetime - renew).toBeLessThanOrEqual(RENEW_AHEAD_MS);
    },
  );
});
