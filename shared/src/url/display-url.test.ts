import { domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { displayEmail, displayUrl } from './display-url';
import { normalizeUrl } from './normalize-url';
import { decodePunycode, hostToUnicode } from './punycode-decode';

describe('displayUrl', () => {
  it('shows the stored form of a Unicode URL as the user typed it', () => {
    for (const typed of [
      'https://ja.wikipedia.org/wiki/東京',
      'https://bücher.example/straße?q=ü#é',
      'https://пример.рф/',
    ]) {
      expect(displayUrl(normalizeUrl(typed) ?? '')).toBe(typed);
    }
  });

  it('shows a host that could pass for another in its ASCII form, as browsers do', () => {
    // mixed Cyrillic а + Latin, and all-Cyrillic look-alikes of apple.com
    expect(displayUrl(normalizeUrl('https://аpple.com/ü') ?? '')).toBe('https://xn--pple-43d.com/ü');
    expect(displayUrl('https://xn--80ak6aa92e.com/')).toBe('https://xn--80ak6aa92e.com/');
  });

  it('keeps spaces, reserved characters and bidi overrides encoded', () => {
    expect(displayUrl('https://example.com/a%20b%2Fc%E2%80%AEd')).toBe(
      'https://example.com/a%20b%2Fc%E2%80%AEd',
    );
  });

  it('leaves an invalid UTF-8 run and a non-URL as they are', () => {
    expect(displayUrl('https://example.com/%FF%FE')).toBe('https://example.com/%FF%FE');
    expect(displayUrl('not a url')).toBe('not a url');
  });
});

describe('hostToUnicode', () => {
  it('agrees with Node for IDN hosts', () => {
    for (const host of [
      'xn--pple-43d.com',
      'xn--bcher-kva.example',
      'xn--wgv71a119e.jp',
      'xn--80ak6aa92e.com',
      'example.com',
    ]) {
      expect(hostToUnicode(host)).toBe(domainToUnicode(host));
    }
  });

  it('keeps a label that is not valid punycode', () => {
    expect(decodePunycode('99999999999')).toBeNull();
    expect(hostToUnicode('xn--99999999999.com')).toBe('xn--99999999999.com');
  });
});

describe('displayEmail', () => {
  it('shows an IDN domain in Unicode, a look-alike one in ASCII, anything else as stored', () => {
    expect(displayEmail('info@xn--mller-kva.de')).toBe('info@müller.de');
    expect(displayEmail('ceo@xn--pple-43d.com')).toBe('ceo@xn--pple-43d.com');
    expect(displayEmail('maya@example.com')).toBe('maya@example.com');
    expect(displayEmail('not-an-address')).toBe('not-an-address');
  });
});
