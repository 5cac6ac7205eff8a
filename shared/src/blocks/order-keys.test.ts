import { describe, expect, it } from 'vitest';
import { isValidOrderKey, orderKeyBetween, orderKeys } from './order-keys';

describe('order keys', () => {
  it('makes ascending keys the library accepts, and one before the first', () => {
    const keys = orderKeys(5);
    expect([...keys].sort()).toEqual(keys);
    expect(keys.every(isValidOrderKey)).toBe(true);
    const top = orderKeyBetween(null, keys[0] ?? null);
    expect(top < (keys[0] ?? '')).toBe(true);
  });

  it('refuses the keys the old seed wrote', () => {
    expect(isValidOrderKey('a000')).toBe(false);
    expect(isValidOrderKey('a0')).toBe(true);
  });
});
