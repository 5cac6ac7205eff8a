import { describe, expect, it } from 'vitest';
import { canonicalHost, canonicalSlug, isLookupSafe } from './host';
import { parseAcceptLanguage } from './language';

describe('canonicalHost', () => {
  it('lower-cases, drops the port and the trailing dot', () => {
    expect(canonicalHost('LNK.Localhost:8787')).toBe('lnk.localhost');
    expect(canonicalHost('go.acme.com.')).toBe('go.acme.com');
  });
  it('converts IDN to punycode', () => {
    expect(canonicalHost('bücher.example')).toBe('xn--bcher-kva.example');
  });
  it('refuses empty and malformed hosts', () => {
    expect(canonicalHost('')).toBeNull();
    expect(canonicalHost('a b')).toBeNull();
  });
});

describe('canonicalSlug', () => {
  it('lower-cases (QR codes encode slugs upper-case) and decodes', () => {
    expect(canonicalSlug('SPRING-Sale')).toBe('spring-sale');
    expect(canonicalSlug('caf%C3%A9')).toBe('café');
  });
  it('refuses empty, too long and malformed segments', () => {
    expect(canonicalSlug('')).toBeNull();
    expect(canonicalSlug('a'.repeat(101))).toBeNull();
    expect(canonicalSlug('%E0%A4%A')).toBeNull();
    expect(canonicalSlug('a%2Fb')).toBeNull();
  });
});

describe('parseAcceptLanguage', () => {
  it('orders by q then position and drops q=0 and junk', () => {
    expect(parseAcceptLanguage('en;q=0.5, fr-CA, de;q=0, *;q=0.1, pt-BR;q=0.8')).toEqual([
      'fr-ca',
      'pt-br',
      'en',
    ]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});

describe('input PostgreSQL cannot take is refused before any lookup', () => {
  it('a NUL, another control character or a lone surrogate in a slug gives no slug', () => {
    for (const raw of ['a%00b', 'a\u0000b', '%01', 'x%7F', 'a\ud800', '%ED%A0%80', '%C2%85'])
      expect(canonicalSlug(raw), raw).toBeNull();
  });
  it('the same in a host', () => {
    for (const raw of ['lnk.localhost\u0000', 'a\u0007.com', 'a\ud800.com'])
      expect(canonicalHost(raw), JSON.stringify(raw)).toBeNull();
  });
  it('still takes ordinary Unicode slugs', () => {
    expect(canonicalSlug('%E6%9D%B1%E4%BA%AC')).toBe('東京');
    expect(isLookupSafe('東京')).toBe(true);
  });
});
