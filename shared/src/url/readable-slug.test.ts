import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readableSlug } from './readable-slug';

describe('readableSlug', () => {
  it('folds accents to their letters instead of dropping them', () => {
    expect(readableSlug('Café table menu', 60)).toBe('cafe-table-menu');
    expect(readableSlug('Ünïcödé Straße 🚀', 60)).toBe('unicode-strasse');
  });

  it('is empty when nothing readable is left, and never ends in a hyphen when cut', () => {
    expect(readableSlug('日本語', 60)).toBe('');
    expect(readableSlug('spring sale', 7)).toBe('spring');
  });

  it('always gives lower-case letters, digits and single inner hyphens within the length', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.integer({ min: 1, max: 80 }), (name, max) => {
        const slug = readableSlug(name, max);
        expect(slug.length).toBeLessThanOrEqual(max);
        expect(slug).toMatch(/^([a-z0-9]+(-[a-z0-9]+)*)?$/);
      }),
    );
  });
});
