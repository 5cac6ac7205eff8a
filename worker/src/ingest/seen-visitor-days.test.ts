import { describe, expect, it } from 'vitest';
import { createSeenVisitorDays } from './seen-visitor-days';

describe('seen visitor days', () => {
  it('remembers committed keys and stays bounded, forgetting the oldest generation first', () => {
    const seen = createSeenVisitorDays(2);
    seen.addAll(['a', 'b']);
    expect(seen.has('a')).toBe(true);
    seen.addAll(['c', 'd']);
    expect([seen.has('a'), seen.has('c'), seen.has('d')]).toEqual([true, true, true]);
    seen.addAll(['e']);
    expect(seen.has('a')).toBe(false);
    expect(seen.size).toBeLessThanOrEqual(4);
  });
});
