import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emailSchema,
  hostnameSchema,
  httpsUrlSchema,
  paginationQuerySchema,
  slugSchema,
  tagsSchema,
  urlSchema,
} from './common';

describe('common field schemas', () => {
  it('slugs: trimmed and lower-cased; 1–64 of a-z 0-9 -; reserved words refused', () => {
    expect(slugSchema.parse('  Spring-Sale ')).toBe('spring-sale');
    expect(slugSchema.safeParse('a'.repeat(64)).success).toBe(true);
    for (const bad of ['', 'a'.repeat(65), 'with space', 'under_score', 'emoji🙂', 'a/b'])
      expect(slugSchema.safeParse(bad).success, bad).toBe(false);
    expect(slugSchema.safeParse('healthz').error?.issues[0]).toMatchObject({ params: { issue: 'reserved' } });
  });

  it('urls: absolute http(s) only, at most 2048 characters', () => {
    expect(urlSchema.parse(' https://example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(urlSchema.safeParse(`https://example.com/${'a'.repeat(2020)}`).success).toBe(true);
    expect(urlSchema.safeParse(`https://example.com/${'a'.repeat(2030)}`).success).toBe(false);
    for (const bad of [
      'javascript:alert(1)',
      'ftp://example.com',
      'example.com',
      '/relative',
      'data:text/html,hi',
    ]) {
      expect(urlSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('urls: an IP address or a local name is refused for what it is, not as an incomplete URL', () => {
    const message = (input: string) => urlSchema.safeParse(input).error?.issues[0]?.message;
    for (const local of [
      'http://127.0.0.1:8080/api/me',
      'https://192.168.1.1/',
      'http://[::1]/',
      'http://localhost:3000/',
      'https://intranet/wiki',
    ])
      expect(message(local), local).toMatch(/^Use a public domain name/);
    for (const malformed of ['javascript:alert(1)', 'example.com', 'https://exa mple.com'])
      expect(message(malformed), malformed).toBe('Enter a full http:// or https:// URL.');
    for (const otherScheme of ['ftp://127.0.0.1/', 'ftp://files.example.com/a.zip', 'ws://example.com/'])
      expect(message(otherScheme), otherScheme).toBe('Use an http:// or https:// address.');
  });

  it('https-only urls: a plain http:// address is refused for its scheme', () => {
    const message = (input: string) => httpsUrlSchema.safeParse(input).error?.issues[0]?.message;
    expect(message('http://hooks.example.com/linkhub')).toBe('Use an https:// address.');
    expect(message('http://127.0.0.1:8080/hook')).toBe('Use an https:// address.');
    expect(message('https://127.0.0.1/hook')).toMatch(/^Use a public domain name/);
    expect(httpsUrlSchema.safeParse('https://hooks.example.com/linkhub').success).toBe(true);
  });

  it('host names: lower-cased, no scheme, port, path or IP', () => {
    expect(hostnameSchema.parse('Links.Example.COM.')).toBe('links.example.com');
    expect(hostnameSchema.parse('lnk.localhost')).toBe('lnk.localhost');
    for (const bad of [
      'https://example.com',
      'example.com:8080',
      'example.com/x',
      '1.2.3.4',
      'localhost',
      '-bad.com',
      'a..b.com',
    ]) {
      expect(hostnameSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('tags are de-duplicated, at most 20 of 1–32 characters', () => {
    expect(tagsSchema.parse(['a', 'b', 'a'])).toEqual(['a', 'b']);
    expect(tagsSchema.safeParse(Array.from({ length: 21 }, (_, i) => `t${i}`)).success).toBe(false);
    expect(tagsSchema.safeParse(['x'.repeat(33)]).success).toBe(false);
  });

  it('pagination: limit coerced from the query string, 1–100, default 25', () => {
    expect(paginationQuerySchema.parse({})).toEqual({ limit: 25 });
    expect(paginationQuerySchema.parse({ limit: '50', cursor: 'abc' })).toEqual({ limit: 50, cursor: 'abc' });
    expect(paginationQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(paginationQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });

  it('emails are trimmed and lower-cased', () => {
    expect(emailSchema.parse(' Maya@Example.com ')).toBe('maya@example.com');
    expect(emailSchema.safeParse('not-an-email').success).toBe(false);
  });

  it('keeps an address at an IDN domain with the domain in punycode, however it is typed', () => {
    expect(emailSchema.parse('Info@Müller.de')).toBe('info@xn--mller-kva.de');
    expect(emailSchema.parse('info@xn--mller-kva.de')).toBe('info@xn--mller-kva.de');
    expect(emailSchema.parse('user@例え.jp')).toBe('user@xn--r8jz45g.jp');
    // Nothing a URL would read as a delimiter is dropped on the way: such an address is refused.
    for (const bad of ['a@ü.com/evil', 'a@ü.com?x', 'a@ü.com:25', 'ünï@example.com'])
      expect(emailSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('an accepted address is plain ASCII and reads the same when checked again (property)', () => {
    const domain = fc.constantFrom(
      'müller.de',
      'example.com',
      'ü.com/x',
      '例え.jp',
      'xn--mller-kva.de',
      'ÄÖÜ.AT',
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.tuple(fc.string({ maxLength: 20 }), domain).map(([l, d]) => `${l}@${d}`),
        ),
        (typed) => {
          const first = emailSchema.safeParse(typed);
          if (!first.success) return;
          expect(first.data).toMatch(/^[\x21-\x7e]+$/);
          expect(emailSchema.parse(first.data)).toBe(first.data);
        },
      ),
    );
  });

  it('takes only addresses mail can reach: at most 64 characters before the @, 254 in all', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: 63 }),
        fc.integer({ min: 1, max: 63 }),
        fc.integer({ min: 0, max: 3 }),
        (local, first, second, more) => {
          const labels = [first, second, ...Array.from({ length: more }, () => 63)].map((n) => 'b'.repeat(n));
          const address = `${'a'.repeat(local)}@${labels.join('.')}.com`;
          const reachable = local <= 64 && address.length <= 254;
          expect(emailSchema.safeParse(address).success, address).toBe(reachable);
        },
      ),
    );
  });
});

describe('urls are stored normalised (the incident)', () => {
  it('an IDN host becomes punycode and a Unicode path is percent-encoded', () => {
    expect(urlSchema.parse('https://ja.wikipedia.org/wiki/東京')).toBe(
      'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC',
    );
    expect(urlSchema.parse('https://аpple.com/')).toBe('https://xn--pple-43d.com/');
    expect(urlSchema.parse('https://ｅｘａｍｐｌｅ.com/ü?q=ß')).toBe('https://example.com/%C3%BC?q=%C3%9F');
  });

  it('takes hosts under internationalised top-level domains, stored in their ASCII form', () => {
    expect(urlSchema.parse('https://пример.рф/')).toBe('https://xn--e1afmkfd.xn--p1ai/');
    expect(urlSchema.parse('https://例え.テスト/パス')).toBe(
      'https://xn--r8jz45g.xn--zckzah/%E3%83%91%E3%82%B9',
    );
    expect(urlSchema.parse('https://shop.xn--p1ai/')).toBe('https://shop.xn--p1ai/');
    for (const bad of ['https://example.123/', 'https://example.x-y/', 'https://203.0.113.5/'])
      expect(urlSchema.safeParse(bad).success, bad).toBe(false);
    expect(hostnameSchema.parse('Links.Пример.РФ')).toBe('links.xn--e1afmkfd.xn--p1ai');
    for (const bad of ['пример.рф:8080', 'пример.рф/x', 'ü@example.com'])
      expect(hostnameSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('refuses an address that grows past the stored limit once encoded', () => {
    const result = urlSchema.safeParse(`https://example.com/${'東'.repeat(500)}`);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ params: { issue: 'too_long' } });
  });
});
