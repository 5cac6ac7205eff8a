import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseTrustedProxies } from '@linkhub/shared/server/analytics/client-ip';
import { noGeo } from '@linkhub/shared/server/analytics/geo';
import { primaryLanguage } from '@linkhub/shared/analytics/language';
import { createUaParser } from '@linkhub/shared/server/analytics/ua';
import { parseAcceptLanguage } from '@linkhub/shared/resolve/language';
import { readRequestFacts, type RequestFactsDeps } from './request-facts';

const deps: RequestFactsDeps = {
  trustedProxies: parseTrustedProxies(undefined),
  geo: noGeo,
  parseUa: createUaParser(),
};

function factsWith(headers: Record<string, string>) {
  return readRequestFacts({ socketAddress: '127.0.0.1', query: '', header: (name) => headers[name] }, deps);
}

/** What the referrer host always was: WHATWG URL's hostname, lower-case, at most 253 characters. */
function urlHost(referer: string): string | null {
  try {
    const host = new URL(referer).hostname.toLowerCase();
    return host === '' ? null : host.slice(0, 253);
  } catch {
    return null;
  }
}

describe('request facts', () => {
  it('reads the referrer host exactly as URL parsing does, for web URLs and for near-misses', () => {
    const tricky = [
      'https://www.Instagram.com/',
      'https://t.co/abc',
      'http://example.com',
      'https://example.com?x#y',
      'https://example.com.',
      'https://example.com./',
      'https://1.2.3.4/',
      'https://example.1/',
      'https://a.0x1f/',
      'https://xn--nxasmq6b.com/',
      'https://xn--zz.com/',
      'https://user@example.com/',
      'https://example.com:8443/',
      'https://example.com:abc/',
      'https://exa_mple.com/',
      'https://-a-.com/',
      'https://a..b/',
      'https:///example.com/',
      'https:\\\\example.com\\x',
      'HTTPS://EXAMPLE.COM/',
      'https://bücher.example/',
      'https://%65xample.com/',
      'ftp://example.com/',
      'android-app://com.google.android.gm/',
      'not a url',
      'https://[::1]/',
    ];
    for (const referer of tricky) expect(factsWith({ referer }).referrerHost, referer).toBe(urlHost(referer));
    const label = fc.stringMatching(/^[a-zA-Z0-9-]{1,12}$/);
    const referers = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc
        .tuple(
          fc.constantFrom('http://', 'https://', 'HTTP://', 'https:/', 'https:///'),
          fc.array(fc.oneof(label, fc.constantFrom('xn--abc', '0x1f', '1', '')), {
            minLength: 1,
            maxLength: 4,
          }),
          fc.constantFrom('', '/', '/p?q=1', '#f', ':80/', '.', '@x/', '\\x'),
        )
        .map(([scheme, labels, rest]) => `${scheme}${labels.join('.')}${rest}`),
    );
    fc.assert(
      fc.property(referers, (referer) => {
        expect(factsWith({ referer }).referrerHost).toBe(urlHost(referer));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads Accept-Language as parseAcceptLanguage does, the same on every visit, with its primary language', () => {
    const headers = ['de-CH,de;q=0.9,en;q=0.8', 'fr-FR,fr;q=0.9', '*', 'x-klingon', 'en;q=0', '', 'pt-BR'];
    for (const round of [1, 2])
      for (const value of headers) {
        const facts = factsWith({ 'accept-language': value });
        expect(facts.languages, `${value} round ${round}`).toEqual(parseAcceptLanguage(value));
        expect(facts.language).toBe(primaryLanguage(parseAcceptLanguage(value)));
      }
    expect(factsWith({}).languages).toEqual([]);
    expect(factsWith({}).language).toBeNull();
  });
});
