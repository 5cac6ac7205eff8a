import { describe, expect, it } from 'vitest';
import * as keys from './keys';

describe('cache keys', () => {
  it('build every key with the prefix first', () => {
    const p = 'tX:';
    expect(keys.domainHostKey(p, 'go.acme.com')).toBe('tX:dom:host:{go.acme.com}');
    expect(keys.redirectKey(p, 'go.acme.com', 'spring')).toBe('tX:rd:{go.acme.com}:spring');
    expect(keys.redirectMissKey(p, 'go.acme.com', 'spring')).toBe('tX:rd:miss:{go.acme.com}:spring');
    expect(keys.pageKey(p, 'bio.localhost', 'ana')).toBe('tX:page:{bio.localhost}:ana');
    expect(keys.rootPageKey(p, 'me.acme.com')).toBe('tX:page:{me.acme.com}:/');
    expect(keys.saltKey(p, '2026-06-01')).toBe('tX:salt:2026-06-01');
    expect(keys.clicksStreamKey(p)).toBe('tX:clicks:raw');
    expect(keys.acmeChallengeKey(p, 'tok')).toBe('tX:acme:tok');
    expect(keys.sessionKey(p, 'h')).toBe('tX:sess:h');
    expect(keys.rateLimitKey(p, 'api', 'k1')).toBe('tX:rl:api:k1');
    expect(keys.pokeChannel(p, 'u1')).toBe('tX:poke:u1');
    expect(keys.linkClicksKey(p, 'go.acme.com', 'l1')).toBe('tX:lc:{go.acme.com}:l1');
  });
  it('puts the three keys of one redirect read in one cluster slot (same hash tag)', () => {
    const tag = (key: string) => /\{([^}]+)\}/.exec(key)?.[1];
    const host = 'go.acme.com';
    expect(
      new Set([
        tag(keys.domainHostKey('', host)),
        tag(keys.redirectKey('', host, 's')),
        tag(keys.redirectMissKey('', host, 's')),
      ]),
    ).toEqual(new Set([host]));
  });
  it('has a builder for every family in the catalogue', () => {
    const builders = Object.values(keys).filter((v) => typeof v === 'function');
    expect(builders.length).toBe(Object.keys(keys.KEY_FAMILIES).length);
  });
});
