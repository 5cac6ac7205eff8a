import { describe, expect, it } from 'vitest';
import { parseAcceptLanguage } from '../resolve/language';
import { primaryLanguage } from './language';

describe('the language of a visit', () => {
  it('is the primary subtag of the most preferred range', () => {
    expect(primaryLanguage(parseAcceptLanguage('de-CH,de;q=0.9,en;q=0.8'))).toBe('de');
    expect(primaryLanguage(parseAcceptLanguage('en;q=0.5, pt-BR'))).toBe('pt');
    expect(primaryLanguage(parseAcceptLanguage('FIL'))).toBe('fil');
  });
  it('is null without a language', () => {
    expect(primaryLanguage(parseAcceptLanguage(undefined))).toBeNull();
    expect(primaryLanguage(parseAcceptLanguage('*'))).toBeNull();
    expect(primaryLanguage(parseAcceptLanguage('x-klingon'))).toBeNull();
    expect(primaryLanguage(parseAcceptLanguage('abcdefgh'))).toBeNull();
  });
});
