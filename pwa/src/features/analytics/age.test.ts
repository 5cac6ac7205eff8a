import { describe, expect, it } from 'vitest';
import { age } from './age';

/** “5 minutes ago” in the reader's language (the tests run in English). */
describe('age', () => {
  const now = Date.parse('2026-12-04T12:00:00.000Z');
  const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

  it('picks the unit that reads naturally', () => {
    expect(age(ago(0), now)).toBe('now');
    expect(age(ago(30), now)).toBe('30 seconds ago');
    expect(age(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(age(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(age(ago(86_400), now)).toBe('yesterday');
    expect(age(ago(10 * 86_400), now)).toBe('10 days ago');
  });

  it('a time ahead of this device’s clock reads as the future, not a negative age', () => {
    expect(age(ago(-120), now)).toBe('in 2 minutes');
  });
});
