import { describe, expect, it } from 'vitest';
import { delayAfter, FREE_FAILURES_PER_PAIR, MAX_DELAY_SECONDS } from './login-throttle';

describe('throttle delays (16.10)', () => {
  it('costs nothing within the free allowance, then doubles each failure up to the cap', () => {
    const waits = Array.from({ length: 20 }, (_, i) => delayAfter(i, FREE_FAILURES_PER_PAIR));
    expect(waits.slice(0, FREE_FAILURES_PER_PAIR)).toEqual([0, 0, 0, 0, 0]);
    expect(waits.slice(FREE_FAILURES_PER_PAIR, FREE_FAILURES_PER_PAIR + 5)).toEqual([1, 2, 4, 8, 16]);
    expect(Math.max(...waits)).toBe(MAX_DELAY_SECONDS);
    for (let i = 1; i < waits.length; i += 1) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1] ?? 0);
  });
});
