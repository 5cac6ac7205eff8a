import { describe, expect, it } from 'vitest';
import { attributedUtm, mergeUtm, NO_UTM, utmOfLocation } from './utm';

describe('mergeUtm', () => {
  it('returns the destination untouched when there is nothing to merge', () => {
    expect(mergeUtm('https://example.com/a?x=1#top', {}, '')).toBe('https://example.com/a?x=1#top');
  });
  it('adds the link UTMs', () => {
    expect(
      mergeUtm('https://example.com/a', { source: 'ig', medium: 'social', campaign: 'spring' }, ''),
    ).toBe('https://example.com/a?utm_source=ig&utm_medium=social&utm_campaign=spring');
  });
  it('replaces a UTM already in the destination instead of duplicating it', () => {
    const out = new URL(mergeUtm('https://example.com/a?utm_source=old&x=1', { source: 'new' }, ''));
    expect(out.searchParams.getAll('utm_source')).toEqual(['new']);
    expect(out.searchParams.get('x')).toBe('1');
  });
  it('passes the visit query through, without duplicate keys, link values winning', () => {
    const out = new URL(
      mergeUtm('https://example.com/a?x=1', { source: 'ig' }, 'utm_source=evil&x=2&ref=abc&ref=def&gclid=G'),
    );
    expect(out.searchParams.getAll('utm_source')).toEqual(['ig']);
    expect(out.searchParams.getAll('x')).toEqual(['1']);
    expect(out.searchParams.getAll('ref')).toEqual(['abc']);
    expect(out.searchParams.get('gclid')).toBe('G');
  });
  it('accepts a leading ? and keeps the fragment', () => {
    expect(mergeUtm('https://example.com/a#f', {}, '?q=1')).toBe('https://example.com/a?q=1#f');
  });
  it('gives each destination of one link its own Location on every visit (kept per UTM object), a query still merged', () => {
    const utm = { source: 'news', medium: 'email' };
    for (const round of [1, 2, 3]) {
      expect(mergeUtm('https://a.example/x', utm, ''), `round ${round}`).toBe(
        'https://a.example/x?utm_source=news&utm_medium=email',
      );
      expect(mergeUtm('https://b.example/?utm_source=old', utm, '')).toBe(
        'https://b.example/?utm_source=news&utm_medium=email',
      );
      expect(mergeUtm('https://a.example/x', utm, '?utm_term=t')).toBe(
        'https://a.example/x?utm_source=news&utm_medium=email&utm_term=t',
      );
      expect(mergeUtm('https://a.example/x', { source: 'other' }, '')).toBe(
        'https://a.example/x?utm_source=other',
      );
    }
  });
  it('leaves a non-URL destination alone', () => {
    expect(mergeUtm('not a url', { source: 'x' }, 'q=1')).toBe('not a url');
  });
});

describe('one UTM rule for the redirect and for attribution', () => {
  it('attributes a redirect to exactly the UTMs its Location carries: the link wins over the visitor, the visitor fills the rest', () => {
    const location = mergeUtm(
      'https://example.com/a?utm_term=dest',
      { source: 'ig' },
      'utm_source=evil&utm_medium=visitor&utm_term=visitor',
    );
    expect(utmOfLocation(location)).toEqual({
      utm_source: 'ig',
      utm_medium: 'visitor',
      utm_campaign: null,
      utm_term: 'dest',
      utm_content: null,
    });
  });
  it('attributes an answer without a destination by the same precedence', () => {
    expect(attributedUtm({ source: 'ig' }, 'utm_source=evil&utm_campaign=c')).toEqual({
      utm_source: 'ig',
      utm_medium: null,
      utm_campaign: 'c',
      utm_term: null,
      utm_content: null,
    });
    expect(attributedUtm({}, '')).toEqual(NO_UTM);
  });
  it('always gives a header-safe Location for a Unicode destination, with or without anything to merge', () => {
    expect(mergeUtm('https://ja.wikipedia.org/wiki/東京', {}, '')).toBe(
      'https://ja.wikipedia.org/wiki/%E6%9D%B1%E4%BA%AC',
    );
    expect(mergeUtm('https://аpple.com/', { source: 'x' }, 'q=東')).toBe(
      'https://xn--pple-43d.com/?utm_source=x&q=%E6%9D%B1',
    );
  });
});
