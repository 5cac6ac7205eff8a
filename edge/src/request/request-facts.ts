import {
  FORWARDED_FOR_HEADER,
  clientIp,
  type TrustedProxies,
} from '@linkhub/shared/server/analytics/client-ip';
import type { GeoFacts, GeoLookup } from '@linkhub/shared/server/analytics/geo';
import { uaMemoKey, type UaFacts, type UaParser } from '@linkhub/shared/server/analytics/ua';
import { parseAcceptLanguage } from '@linkhub/shared/resolve/language';
import { primaryLanguage } from '@linkhub/shared/analytics/language';
import { BoundedMemo } from '@linkhub/shared/cache/bounded-memo';
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
  /** Accept-Language ranges, most preferred first (shared between visits: never changed). */
  languages: readonly string[];
  /** `primaryLanguage(languages)`: the event's language. */
  language: string | null;
  referrerHost: string | null;
  query: string;
};

export type RequestFactsDeps = { trustedProxies: TrustedProxies; geo: GeoLookup; parseUa: UaParser };

/**
 * `http(s)://host` followed by a path, query, fragment or nothing, the host plain ASCII labels whose
 * last one starts with a letter (so not an IPv4 number) and none punycode (`xn--`, validated by URL):
 * nothing WHATWG parsing would change but its case. Anything else (a port, user info, IP literals,
 * percent-encoding, Unicode) is parsed by URL.
 */
const PLAIN_WEB_ORIGIN = /^https?:\/\/((?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*)(?=[/?#]|$)/i;
const PUNYCODE_LABEL = /(?:^|\.)xn--/i;

function referrerHostOf(referer: string | undefined): string | null {
  if (!referer) return null;
  const plain = PLAIN_WEB_ORIGIN.exec(referer)?.[1];
  if (plain !== undefined && !PUNYCODE_LABEL.test(plain)) return plain.toLowerCase().slice(0, 253);
  try {
    const host = new URL(referer).hostname.toLowerCase();
    return host === '' ? null : host.slice(0, 253);
  } catch {
    return null;
  }
}

type Languages = { ranges: readonly string[]; primary: string | null };
const NO_LANGUAGES: Languages = { ranges: [], primary: null };
/**
 * Parsed Accept-Language headers by value: a few hundred distinct values make nearly all traffic.
 * Longer values (rare, and more distinctive) are parsed every time rather than kept.
 */
const languageMemo = new BoundedMemo<string, Languages>(1000);
const MEMO_LANGUAGE_MAX_LENGTH = 128;

function languagesOf(header: string | undefined): Languages {
  if (!header) return NO_LANGUAGES;
  const known = languageMemo.get(header);
  if (known) return known;
  const ranges = parseAcceptLanguage(header);
  const parsed = { ranges, primary: primaryLanguage(ranges) };
  if (header.length <= MEMO_LANGUAGE_MAX_LENGTH) languageMemo.set(header, parsed);
  return parsed;
}

/** What the facts are read from: the headers, socket address and query of the request view. */
export type FactsSource = Pick<RequestView, 'header' | 'socketAddress' | 'query'>;

export function readRequestFacts(request: FactsSource, deps: RequestFactsDeps): RequestFacts {
  const ip = clientIp(request.socketAddress, request.header(FORWARDED_FOR_HEADER), deps.trustedProxies) ?? '';
  const userAgent = request.header('user-agent') ?? '';
  const uaKey = uaMemoKey(userAgent);
  const languages = languagesOf(request.header('accept-language'));
  return {
    ip,
    userAgent,
    uaKey,
    ua: deps.parseUa(userAgent, uaKey),
    geo: deps.geo.lookup(ip === '' ? null : ip),
    languages: languages.ranges,
    language: languages.primary,
    referrerHost: referrerHostOf(request.header('referer')),
    query: request.query,
  };
}
