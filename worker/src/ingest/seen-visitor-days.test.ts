import { describe, expect, it } from 'vitest';
import { createSeenVisitorDays } from './seen-visitor-days';

const day = (visitor_hash: string, resource_id = 'r1', event_date = '2026-12-05') => ({
  resource_id,
  event_date,
  visitor_hash,
});

describe('seen visitor days', () => {
  it('remembers committed visitor days and stays bounded, forgetting the oldest generation first', () => {
    const seen = createSeenVisitorDays(2);
    seen.addAll([day('a'), day('b')]);
    expect(seen.has(day('a'))).toBe(true);
    seen.addAll([day('c'), day('d')]);
    expect([seen.has(day('a')), seen.has(day('c')), seen.has(day('d'))]).toEqual([true, true, true]);
    seen.addAll([day('e')]);
    expect(seen.has(day('a'))).toBe(false);
    expect(seen.size).toBeLessThanOrEqual(4);
  });

  it('tells one visitor on another resource or another day apart', () => {
    const seen = createSeenVisitorDays();
    seen.addAll([day('a'), day('a')]);
    expect(seen.size).toBe(1);
    expect(seen.has(day('a', 'r2'))).toBe(false);
    expect(seen.has(day('a', 'r1', '2026-12-06'))).toBe(false);
    expect(seen.has(day('a', 'r1', '2026-12-05'))).toBe(true);
  });

  it('lists the visitors of one resource and day it holds in neither generation (a is forgotten by now)', () => {
    const seen = createSeenVisitorDays(1);
    seen.addAll([day('a'), day('b'), day('c', 'r2')]);
    expect(seen.unseen('r1', '2026-12-05', ['a', 'b', 'c', 'd'])).toEqual(['a', 'c', 'd']);
    expect(seen.unseen('r2', '2026-12-05', ['c', 'd'])).toEqual(['d']);
    expect(seen.unseen('r2', '2026-12-06', ['c'])).toEqual(['c']);
  });
});
