import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which network addresses LinkHub may send anyone or anything to (DESIGN §9): the one policy of
 * destination safety (sync-server commands) and outbound webhooks (the worker). Server-only.
 */
/** Every address a host name resolves to (A and AAAA). Injected in tests so they never need outside DNS. */
export type ResolveHost = (host: string) => Promise<string[]>;

const RESOLVE_TIMEOUT_MS = 2_000;

const lookupHost: ResolveHost = async (host) => {
  const timeout = new Promise<never>((_, reject) => {
    setTimeout(() => reject(new Error('dns timeout')), RESOLVE_TIMEOUT_MS).unref();
  });
  const found = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
  return found.map((a) => a.address);
};

/**
 * Answers (and failures) are remembered for a minute per host: an offline queue of 1,000 edits to one
 * destination costs one lookup, not 1,000, and a slow resolver cannot stall a push.
 */
export function cachedResolver(resolve: ResolveHost, ttlMs = 60_000, max = 10_000): ResolveHost {
  const cache = new Map<string, { at: number; answer: Promise<string[]> }>();
  return (host) => {
    const now = Date.now();
    const hit = cache.get(host);
    if (hit && now - hit.at < ttlMs) return hit.answer;
    if (cache.size >= max) cache.clear();
    const answer = resolve(host);
    cache.set(host, { at: now, answer });
    return answer;
  };
}

export const systemResolveHost: ResolveHost = cachedResolver(lookupHost);

/** Loopback, private, link-local (incl. cloud metadata 169.254.169.254 / fd00:ec2::254), CGNAT, reserved. */
const UNSAFE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  UNSAFE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  UNSAFE.addSubnet(net, bits, 'ipv6');

/** True when an IP address is one a public short link must never send visitors to. */
export function isUnsafeAddress(address: string): boolean {
  const ip = address.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (mapped?.[1]) return isUnsafeAddress(mapped[1]);
  const family = isIP(ip);
  if (family === 0) return true;
  return UNSAFE.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/** Names that only ever mean this machine or its private network. */
export function isPrivateHostName(host: string): boolean {
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.internal') ||
    host.endsWith('.local')
  );
}

/** A URL's host as the address checks read it: brackets and a trailing dot removed, lower-case. */
export function bareHost(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

export { isIP };
