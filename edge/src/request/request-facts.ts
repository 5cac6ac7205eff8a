import { FORWARDED_FOR_HEADER, clientIp, type TrustedProxies } from '@linkhub/shared/analytics/client-ip';
import type { GeoFacts, GeoLookup } from '@linkhub/shared/analytics/geo';
import { uaMemoKey, type UaFacts, type UaParser } from '@linkhub/shared/analytics/ua';
import { parseAcceptLanguage } from '@linkhub/shared/resolve/language';
import type { RequestView } from './request-view';

/**
 * Everything a visit's analytics and targeting need, read from the request once and in memory.
 * `ip` and `userAgent` are raw and must never leave the request: they are only hashed (visitor
 * hash, ua_hash) and looked up (geo, UA families), never logged or written.
 */
export type RequestFacts = {
  ip: string;
  userAgent: string;
  /** `uaMemoKey(userAgent)`: what per-process memos file this User-Agent under (never the string itself). */
  uaKey: string;
  /** The parser's memoised facts: the same object for every visit with this User-Agent. */
  ua: UaFacts;
  /** The geo lookup's memoised facts: the same object for every visit from this network. */
  geo: GeoFacts;
  languages: string[];
  referrerHost: string | null;
  query: string;
};

export type RequestFactsDeps = { trustedProxies: TrustedProxies; geo: GeoLookup; parseUa: UaParser };

function referrerHostOf(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    const host = new URL(referer).hostname.toLowerCase();
    return host === '' ? null : host.slice(0, 253);
  } catch {
    return null;
  }
}

/** What the facts are read from: the headers, socket address and query of the request view. */
export type FactsSource = Pick<RequestView, 'header' | 'socketAddress' | 'query'>;

export function readRequestFacts(request: FactsSource, deps: RequestFactsDeps): RequestFacts {
  const ip = clientIp(request.socketAddress, request.header(FORWARDED_FOR_HEADER), deps.trustedProxies) ?? '';
  const userAgent = request.header('user-agent') ?? '';
  const uaKey = uaMemoKey(userAgent);
  return {
    ip,
    userAgent,
    uaKey,
    ua: deps.parseUa(userAgent, uaKey),
    geo: deps.geo.lookup(ip === '' ? null : ip),
    languages: parseAcceptLanguage(request.header('accept-language')),
    referrerHost: referrerHostOf(request.header('referer')),
    query: request.query,
  };
}
