import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { urlSchema } from '../schemas/common';
import { withWebScheme } from './web-scheme';

describe('withWebScheme', () => {
  it('reads an address typed without its scheme as https', () => {
    expect(withWebScheme('example.com')).toBe('https://example.com');
    expect(withWebScheme(' www.example.com/pricing?plan=pro#faq ')).toBe(
      'https://www.example.com/pricing?plan=pro#faq',
    );
    expect(withWebScheme('shop.example.co.uk:8443/sale')).toBe('https://shop.example.co.uk:8443/sale');
    expect(withWebScheme('例え.jp/パス')).toBe('https://例え.jp/パス');
  });

  it('leaves what is not a bare web address as typed', () => {
    for (const typed of [
      'https://example.com',
      'http://example.com',
      'HTTPS://EXAMPLE.COM',
      'mailto:ana@example.com',
      'javascript:alert(1)',
      'ftp://example.com/file',
      'ana@example.com',
      'localhost:8080',
      'localhost',
      'pricing',
      'not an address.com',
      '//example.com',
      '',
      '   ',
    ])
      expect(withWebScheme(typed), typed).toBe(typed);
  });

  it('never turns a refused address into an accepted one that is not https, and never throws', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.domain()), (typed) => {
        const fixed = withWebScheme(typed);
        expect(typeof fixed).toBe('string');
        if (fixed !== typed) {
          expect(fixed.startsWith('https://')).toBe(true);
          expect(urlSchema.safeParse(typed).success).toBe(false);
        }
      }),
    );
  });

  it('makes every domain a valid destination', () => {
    fc.assert(
      fc.property(fc.domain(), (domain) => {
        expect(urlSchema.safeParse(withWebScheme(domain)).success, domain).toBe(true);
      }),
    );
  });
});
