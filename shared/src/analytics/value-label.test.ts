import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_DIMENSIONS } from './dashboard';
import { valueLabel } from './value-label';

describe('valueLabel', () => {
  it('names countries and languages in the reader language', () => {
    expect(valueLabel('country', 'GB', 'en')).toBe('United Kingdom');
    expect(valueLabel('country', 'DE', 'de-DE')).toBe('Deutschland');
    expect(valueLabel('language', 'fr', 'en')).toBe('French');
    expect(valueLabel('language', 'fr', 'de')).toBe('Französisch');
  });

  it('says what an empty value means: unknown, or known to be absent', () => {
    expect(valueLabel('referrer_host', '', 'en')).toBe('Direct / none');
    expect(valueLabel('country', null, 'en')).toBe('Unknown');
    expect(valueLabel('utm_source', null, 'en')).toBe('Not tagged');
    expect(valueLabel('variant', null, 'en')).toBe('Not in a test');
  });

  it('reads an id by the name the answer gave it, and only its own', () => {
    const names = { '0190a000-0000-7000-8000-000000000001': 'Summer banner (Shop headline)' };
    expect(valueLabel('variant', '0190a000-0000-7000-8000-000000000001', 'en', names)).toBe(
      'Summer banner (Shop headline)',
    );
    expect(valueLabel('variant', '0190a000-0000-7000-8000-000000000002', 'en', names)).toBe(
      '0190a000-0000-7000-8000-000000000002',
    );
    expect(valueLabel('variant', 'toString', 'en', names)).toBe('toString');
  });

  it('reads a region by the name the answer gave it, within its country in the reader language', () => {
    const names = { 'GB-ENG': 'England', 'US-CA': 'California' };
    expect(valueLabel('region', 'GB-ENG', 'en', names)).toBe('England, United Kingdom');
    expect(valueLabel('region', 'US-CA', 'de', names)).toBe('California, Vereinigte Staaten');
    expect(valueLabel('region', 'FR-IDF', 'en', names)).toBe('FR-IDF');
    expect(valueLabel('region', 'GB-ENG', 'en')).toBe('GB-ENG');
  });

  it('names device types as words', () => {
    expect(valueLabel('device_type', 'mobile', 'en')).toBe('Mobile');
    expect(valueLabel('device_type', 'desktop', 'en')).toBe('Desktop');
    expect(valueLabel('device_type', 'toString', 'en')).toBe('toString');
    expect(valueLabel('event_type', 'constructor', 'en')).toBe('constructor');
  });

  it('shows other values as they are', () => {
    expect(valueLabel('referrer_host', 'news.ycombinator.com', 'en')).toBe('news.ycombinator.com');
    expect(valueLabel('country', 'not a code', 'en')).toBe('not a code');
  });

  it('never throws, whatever the value and locale', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...DASHBOARD_DIMENSIONS),
        fc.oneof(fc.string(), fc.constantFrom('toString', 'constructor', '__proto__', 'valueOf')),
        fc.string(),
        (dim, value, locale) => {
          expect(typeof valueLabel(dim, value, locale)).toBe('string');
        },
      ),
    );
  });
});
