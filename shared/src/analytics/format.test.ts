import { describe, expect, it } from 'vitest';
import {
  formatChange,
  formatCompact,
  formatCount,
  formatShare,
  localeOfAcceptLanguage,
  safeLocale,
} from './format';

describe('numbers for people', () => {
  it('uses the locale separators', () => {
    expect(formatCount(98621, 'en')).toBe('98,621');
    expect(formatCount(98621, 'de')).toBe('98.621');
    expect(formatCount(98621, 'fr').replace(/\s/g, ' ')).toBe('98 621');
  });
  it('compacts large numbers only', () => {
    expect(formatCompact(9999, 'en')).toBe('9,999');
    expect(formatCompact(12_345, 'en')).toBe('12.3K');
    expect(formatCompact(4_500_000, 'en')).toBe('4.5M');
  });
  it('shows shares and signed changes as percentages', () => {
    expect(formatShare(0.5, 'en')).toBe('50%');
    expect(formatShare(0.0123, 'en')).toBe('1.2%');
    expect(formatChange(0.25, 'en')).toBe('+25%');
    expect(formatChange(-0.031, 'en')).toBe('-3.1%');
    expect(formatChange(0, 'en')).toBe('0%');
    expect(formatChange(null, 'en')).toBe('new');
    expect(formatChange(null, 'en', 0)).toBe('no change');
  });
  it('never throws on a bad locale or header', () => {
    expect(safeLocale('not a locale!!')).toBe('en');
    expect(localeOfAcceptLanguage('de-CH,de;q=0.9,en;q=0.8')).toBe('de-CH');
    expect(localeOfAcceptLanguage('en-US,en;q=0.9')).toBe('en-US');
    expect(localeOfAcceptLanguage(')(*&')).toBe('en');
    expect(localeOfAcceptLanguage(undefined)).toBe('en');
  });
});
