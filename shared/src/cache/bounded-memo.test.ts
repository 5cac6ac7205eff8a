import { describe, expect, it } from 'vitest';
import { BoundedMemo } from './bounded-memo';

describe('BoundedMemo', () => {
  it('answers what was set, and never holds more than its capacity', () => {
    const memo = new BoundedMemo<number, string>(100);
    for (let i = 0; i < 10_000; i++) {
      memo.set(i, `v${i}`);
      expect(memo.get(i)).toBe(`v${i}`);
      expect(memo.size).toBeLessThanOrEqual(100);
    }
    expect(memo.get(0)).toBeUndefined();
  });
  it('keeps what is in use while new keys stream through', () => {
    const memo = new BoundedMemo<string, number>(10);
    memo.set('hot', 1);
    for (let i = 0; i < 1000; i++) {
      memo.set(`cold-${i}`, i);
      expect(memo.get('hot')).toBe(1);
    }
  });
  it('forgets a deleted key in either generation', () => {
    const memo = new BoundedMemo<string, number>(4);
    memo.set('old', 1);
    memo.set('a', 2);
    memo.set('b', 3); // 'old' and 'a' are now the old generation
    memo.delete('old');
    memo.delete('b');
    expect([memo.get('old'), memo.get('a'), memo.get('b')]).toEqual([undefined, 2, undefined]);
    expect(memo.size).toBe(1);
  });
  it('refuses a capacity it cannot honour', () => {
    expect(() => new BoundedMemo(1)).toThrow(RangeError);
  });
});
