import { describe, expect, it } from 'vitest';
import { createEventIds } from './event-ids';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('createEventIds', () => {
  it('makes distinct UUIDv7 ids carrying the time they were made, across pool refills', () => {
    const next = createEventIds();
    const at = Date.UTC(2026, 11, 3, 10, 0, 0, 123);
    const ids = Array.from({ length: 5000 }, () => next(at));
    for (const id of ids) expect(id).toMatch(V7);
    expect(new Set(ids).size).toBe(ids.length);
    const first = ids[0] ?? '';
    expect(parseInt(first.slice(0, 8) + first.slice(9, 13), 16)).toBe(at);
  });

  it('orders ids of different milliseconds by time', () => {
    const next = createEventIds();
    expect(next(1_700_000_000_000) < next(1_700_000_000_001)).toBe(true);
  });
});
