import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/**
 * Which network addresses LinkHub may send anyone or anything to (docs/product-rules.md#api): the one policy of
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

/**
 * Loopback, private, link-local (incl. cloud metadata 169.254.169.254 / fd00:ec2::254), CGNAT,
 * reserved. IPv6 forms that carry an IPv4 address inside are judged by that address instead
 * (`embeddedIpv4`), and this machine's own addresses are refused whatever they are (a public
 * address of the server itself reaches its own services).
 */
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
  // IPv4-compatible (deprecated), `::` and `::1` included: never a real destination.
  ['::', 96],
  // Discard-only.
  ['100::', 64],
  // Local-use NAT64 (RFC 8215): always a translator inside someone's network.
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  // Site-local (deprecated).
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  UNSAFE.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit words of an IPv6 address (a trailing dotted quad and a zone allowed), or null. */
export function ipv6Words(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const quad = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (quad) {
    const [, head = '', a = '', b = '', c = '', d = ''] = quad;
    const bytes = [a, b, c, d].map(Number);
    if (bytes.some((n) => n > 255)) return null;
    const [b0 = 0, b1 = 0, b2 = 0, b3 = 0] = bytes;
    text = `${head}${((b0 << 8) | b1).toString(16)}:${((b2 << 8) | b3).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string | undefined) => (s === undefined || s === '' ? [] : s.split(':'));
  const head = part(halves[0]);
  const tail = part(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 1 ? 0 : missing).fill('0'), ...tail];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => parseInt(g, 16));
}

const v4 = (hi: number, lo: number): string => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/**
 * The IPv4 addresses an IPv6 address stands for: IPv4-mapped `::ffff:a.b.c.d`, SIIT
 * `::ffff:0:a.b.c.d`, well-known NAT64 `64:ff9b::a.b.c.d`, 6to4 `2002:AABB:CCDD::/48`, Teredo
 * `2001:0::/32` (server and client). Empty for any other address.
 */
export function embeddedIpv4(words: readonly number[]): string[] {
  const [w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0, w5 = 0, w6 = 0, w7 = 0] = words;
  const zeros = (...ws: number[]) => ws.every((w) => w === 0);
  if (zeros(w0, w1, w2, w3, w4) && w5 === 0xffff) return [v4(w6, w7)];
  if (zeros(w0, w1, w2, w3, w5) && w4 === 0xffff) return [v4(w6, w7)];
  if (w0 === 0x64 && w1 === 0xff9b && zeros(w2, w3, w4, w5)) return [v4(w6, w7)];
  if (w0 === 0x2002) return [v4(w1, w2)];
  if (w0 === 0x2001 && w1 === 0) return [v4(w2, w3), v4(w6 ^ 0xffff, w7 ^ 0xffff)];
  return [];
}

/** One spelling per address: dotted IPv4, or eight lower-case hex words for IPv6. */
export function canonicalAddress(address: string): string | null {
  const ip = address.toLowerCase().replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return ip;
  if (family !== 6) return null;
  return (
    ipv6Words(ip)
      ?.map((w) => w.toString(16))
      .join(':') ?? null
  );
}

const OWN_TTL_MS = 60_000;
let own: { at: number; addresses: ReadonlySet<string> } | null = null;

/** This machine's own addresses (every interface), read again at most once a minute. */
export function hostAddresses(): ReadonlySet<string> {
  const now = Date.now();
  if (own && now - own.at < OWN_TTL_MS) return own.addresses;
  const addresses = new Set<string>();
  for (const list of Object.values(networkInterfaces()))
    for (const info of list ?? []) {
      const canonical = canonicalAddress(info.address);
      if (canonical !== null) addresses.add(canonical);
    }
  own = { at: now, addresses };
  return addresses;
}

/** The address policy, with the machine's own addresses given (tests give their own). */
export function isUnsafeAddressAmong(address: string, ownAddresses: ReadonlySet<string>): boolean {
  const canonical = canonicalAddress(address);
  if (canonical === null) return true;
  if (ownAddresses.has(canonical)) return true;
  if (isIP(canonical) === 4) return UNSAFE.check(canonical, 'ipv4');
  const words = ipv6Words(canonical);
  if (words === null) return true;
  const inside = embeddedIpv4(words);
  if (inside.length > 0) return inside.some((a) => isUnsafeAddressAmong(a, ownAddresses));
  return UNSAFE.check(canonical, 'ipv6');
}

/** True when an IP address is one a public short link (or a webhook) must never send anything to. */
export function isUnsafeAddress(address: string): boolean {
  return isUnsafeAddressAmong(address, hostAddresses());
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
