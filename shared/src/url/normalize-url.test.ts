import { validateHeaderValue } from 'node:http';
import { describe, expect, it } from 'vitest';
import { normalizeUrl } from './normalize-url';

describe('normalizeUrl', () => {
  it('percent-encodes a Unicode path and query and punycodes an IDN host', () => {
    expect(normalizeUrl('https://ja.wikipedia.org/wiki/東京')).toBe(
      'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC',
    );
    expect(normalizeUrl('https://аpple.com/')).toBe('https://xn--pple-43d.com/');
    expect(normalizeUrl('https://bücher.example/?q=straße#ü')).toBe(
      'https://xn--bcher-kva.example/?q=stra%C3%9Fe#%C3%BC',
    );
  });

  it('folds a fullwidth host to ASCII and lower-cases it', () => {
    expect(normalizeUrl('https://ｅｘａｍｐｌｅ.COM/Path')).toBe('https://example.com/Path');
  });

  it('keeps an already-normal URL byte for byte', () => {
    const href = 'https://example.com/a/b?utm_source=x&q=%20#top';
    expect(normalizeUrl(href)).toBe(href);
    expect(normalizeUrl(normalizeUrl('https://ja.wikipedia.org/wiki/東京') ?? '')).toBe(
      'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC',
    );
  });

  it('encodes mailto:, tel: and sms: targets too', () => {
    expect(normalizeUrl('mailto:jürgen@example.com?subject=Grüße')).toBe(
      'mailto:j%C3%BCrgen@example.com?subject=Gr%C3%BC%C3%9Fe',
    );
  });

  it('refuses what is not an absolute URL', () => {
    expect(normalizeUrl('example.com/x')).toBeNull();
    expect(normalizeUrl('https://exa mple.com/')).toBeNull();
    expect(normalizeUrl('')).toBeNull();
  });

  it('gives a value every HTTP header accepts', () => {
    for (const input of [
      'https://ja.wikipedia.org/wiki/東京',
      'https://аpple.com/\u0000x',
      'https://x.com/\u202e\ud83d\ude00?\u00ff',
      'sms:+1\u0007',
    ]) {
      const href = normalizeUrl(input);
      expect(href).not.toBeNull();
      expect(() => validateHeaderValue('Location', href ?? '')).not.toThrow();
    }
  });
});

describe('normalizeUrl keeps what was typed without a path', () => {
  it('adds no root slash to a bare origin, but keeps one that was typed', () => {
    expect(normalizeUrl('https://new.example.com')).toBe('https://new.example.com');
    expect(normalizeUrl('https://bücher.example')).toBe('https://xn--bcher-kva.example');
    expect(normalizeUrl('https://example.com/')).toBe('https://example.com/');
    expect(normalizeUrl('https://example.com?q=1')).toBe('https://example.com/?q=1');
  });
});
