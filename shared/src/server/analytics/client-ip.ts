import { BlockList, isIP } from 'node:net';
import { ipv4ToNumber, ipv6ToBytes } from '../../analytics/geo-tree';

/**
 * The client IP of a request (docs/product-rules.md#the-redirect): the socket address, or — only when the socket peer is a
 * trusted proxy — the first untrusted hop of X-Forwarded-For, read right to left. This is the only
 * place in the repository that reads X-Forwarded-For. The result never leaves the request.
 */
export type TrustedProxies = { contains(ip: string): boolean };

const LOOPBACK = ['127.0.0.0/8', '::1/128'];

function normalize(ip: string): string | null {
  // Nearly every address is a plain dotted quad: no regex, no isIP.
  if (ipv4ToNumber(ip) >= 0) return ip;
  let value = ip.trim();
  if (value.startsWith('[') && value.includes(']')) value = value.slice(1, value.indexOf(']'));
  if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.replace(/:\d+$/, '');
  if (value.toLowerCase().startsWith('::ffff:') && isIP(value.slice(7)) === 4) value = value.slice(7);
  return isIP(value) === 0 ? null : value.toLowerCase();
}

/**
 * `TRUSTED_PROXIES`: comma-separated CIDRs or addresses; empty or absent = loopback only.
 * Throws a RangeError naming a bad entry (checked at start-up by the env schema).
 */
export function parseTrustedProxies(spec: string | undefined): TrustedProxies {
  const list = new BlockList();
  /** IPv4 rules as [network, mask], checked without BlockList (which builds a SocketAddress per check). */
  const v4: Array<[number, number]> = [];
  /** IPv6 rules as [address bytes, prefix length], checked without BlockList for addresses outside ::ffff:0:0/96. */
  const v6: Array<[Uint8Array, number]> = [];
  /** Some IPv6 rule covers IPv4-mapped addresses: then an unmatched IPv4 address also asks BlockList. */
  let hasV6 = false;
  const entries =
    spec && spec.trim() !== ''
      ? spec
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')
      : LOOPBACK;
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const ip = normalize(address);
    if (ip === null) throw new RangeError(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR`);
    const family = isIP(ip) === 4 ? 'ipv4' : 'ipv6';
    const max = family === 'ipv4' ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > max)
      throw new RangeError(`TRUSTED_PROXIES: "${entry}" has a bad prefix length`);
    list.addSubnet(ip, prefix, family);
    if (family === 'ipv4') {
      const mask = prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
      v4.push([(ipv4ToNumber(ip) & mask) >>> 0, mask]);
    } else {
      const bytes = ipv6ToBytes(ip);
      if (bytes === null) throw new RangeError(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR`);
      v6.push([bytes, prefix]);
      // Only an IPv6 rule that reaches into the IPv4-mapped range (::ffff:0:0/96) can match an IPv4 address.
      const one = new BlockList();
      one.addSubnet(ip, prefix, 'ipv6');
      if (
        one.check('::ffff:0:0', 'ipv6') ||
        one.check('::ffff:ffff:ffff', 'ipv6') ||
        ip.startsWith('::ffff:')
      )
        hasV6 = true;
    }
  }
  return {
    contains(ip: string): boolean {
      const n = ipv4ToNumber(ip);
      if (n >= 0) {
        for (const [network, mask] of v4) if ((n & mask) >>> 0 === network) return true;
        if (!hasV6) return false;
      }
      const value = normalize(ip);
      if (value === null) return false;
      const bytes = n < 0 ? ipv6ToBytes(value) : null;
      if (bytes !== null && !isIpv4Mapped(bytes))
        return v6.some(([rule, bits]) => samePrefix(bytes, rule, bits));
      return list.check(value, isIP(value) === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/** ::ffff:0:0/96, where BlockList also matches IPv4 rules (left to it). */
function isIpv4Mapped(bytes: Uint8Array): boolean {
  for (let i = 0; i < 10; i++) if (bytes[i] !== 0) return false;
  return bytes[10] === 0xff && bytes[11] === 0xff;
}

/** True when the first `bits` bits of `a` and `b` agree. */
function samePrefix(a: Uint8Array, b: Uint8Array, bits: number): boolean {
  const whole = bits >> 3;
  for (let i = 0; i < whole; i++) if (a[i] !== b[i]) return false;
  const rest = bits & 7;
  if (rest === 0) return true;
  const mask = (0xff << (8 - rest)) & 0xff;
  return ((a[whole] ?? 0) & mask) === ((b[whole] ?? 0) & mask);
}

/** The only header whose value may name the client, and only behind a trusted proxy (see `clientIp`). */
export const FORWARDED_FOR_HEADER = 'x-forwarded-for';

export function clientIp(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trusted: TrustedProxies,
): string | null {
  const peer = socketAddress === undefined ? null : normalize(socketAddress);
  if (peer === null) return null;
  if (!forwardedFor || !trusted.contains(peer)) return peer;
  // One hop (nearly every request): it is the answer whether trusted or not, as the loop below finds.
  if (!forwardedFor.includes(',')) return normalize(forwardedFor) ?? peer;
  const hops = forwardedFor
    .split(',')
    .map((hop) => normalize(hop))
    .filter((hop): hop is string => hop !== null);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (hop !== undefined && !trusted.contains(hop)) return hop;
  }
  return hops[0] ?? peer;
}
