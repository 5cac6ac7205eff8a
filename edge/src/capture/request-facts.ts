import type { Context } from 'hono';
import { FORWARDED_FOR_HEADER, clientIp, type TrustedProxies } from '@linkhub/shared/analytics/client-ip';
import type { GeoFacts, GeoLookup } from '@linkhub/shared/analytics/geo';
import { uaMemoKey, type UaFacts, type UaParser } from '@linkhub/shared/analytics/ua';
import { parseAcceptLanguage } from '@linkhub/shared/resolve/language';

/** What @hono/node-server hands a request as its env; tests may pass the same shape to `app.request`. */
export type EdgeBindings = { incoming?: { socket?: { remoteAddress?: string } } };

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

export function queryOf(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return '';
  const hash = url.indexOf('#', q);
  return url.slice(q + 1, hash === -1 ? undefined : hash);
}

/** The socket peer address from the node-server env, read structurally (any Hono env type). */
function remoteAddressOf(env: unknown): string | undefined {
  if (typeof env !== 'object' || env === null || !('incoming' in env)) return undefined;
  const incoming: unknown = env.incoming;
  if (typeof incoming !== 'object' || incoming === null || !('socket' in incoming)) return undefined;
  const socket: unknown = incoming.socket;
  if (typeof socket !== 'object' || socket === null || !('remoteAddress' in socket)) return undefined;
  return typeof socket.remoteAddress === 'string' ? socket.remoteAddress : undefined;
}

/** What the facts are read from: the request as either HTTP layer sees it. */
export type RequestView = {
  /** A header by lower-case name. */
  header(name: string): string | undefined;
  socketAddress: string | undefined;
  /** The query string without `?`. */
  query: string;
};

export function honoRequestView(c: Context): RequestView {
  return { header: (name) => c.req.header(name), socketAddress: remoteAddressOf(c.env), query: queryOf(c.req.url) };
}

export function readRequestFacts(request: RequestView, deps: RequestFactsDeps): RequestFacts {
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
