import { z } from 'zod';
import { ipv4ToNumber, ipv6ToBytes } from './geo-tree';

/**
 * The one place a client address becomes the key a throttle counts by (D-485). One person with an
 * IPv6 connection holds a whole /64 (and picks a fresh address in it whenever they like), so
 * counting full addresses counts nothing: IPv6 addresses are grouped by their first
 * `ipv6PrefixBits` bits (64 unless configured); IPv4 addresses stay as they are, and an IPv4-mapped
 * IPv6 address (`::ffff:a.b.c.d`) is the IPv4 address it carries. Anything unreadable keys as itself.
 * The key is still an address (or a network): callers hash it before it is stored or used in Redis.
 */
export const DEFAULT_IPV6_THROTTLE_PREFIX = 64;

/** `THROTTLE_IPV6_PREFIX`: the IPv6 prefix length throttles group by (32-128, default 64). */
export const throttleEnvShape = {
  THROTTLE_IPV6_PREFIX: z.coerce
    .number()
    .int('must be a whole number of bits')
    .min(32, 'must be 32-128')
    .max(128, 'must be 32-128')
    .default(DEFAULT_IPV6_THROTTLE_PREFIX),
} as const;

export function throttleKey(ip: string, ipv6PrefixBits: number = DEFAULT_IPV6_THROTTLE_PREFIX): string {
  if (ipv4ToNumber(ip) >= 0) return ip;
  let value = ip.trim().toLowerCase();
  if (value.startsWith('[') && value.includes(']')) value = value.slice(1, value.indexOf(']'));
  const zone = value.indexOf('%');
  if (zone >= 0) value = value.slice(0, zone);
  const bytes = value.includes(':') ? ipv6ToBytes(value) : null;
  if (bytes === null || bytes.length !== 16) return ip;
  if (isIpv4Mapped(bytes)) return `${bytes[12]}.${bytes[13]}.${bytes[14]}.${bytes[15]}`;
  const bits = Math.min(128, Math.max(0, Math.trunc(ipv6PrefixBits)));
  let hex = '';
  for (let i = 0; i < 16; i += 1) {
    const keep = Math.min(8, Math.max(0, bits - i * 8));
    const mask = keep === 0 ? 0 : (0xff << (8 - keep)) & 0xff;
    hex += ((bytes[i] ?? 0) & mask).toString(16).padStart(2, '0');
  }
  return `v6:${hex}/${bits}`;
}

/** ::ffff:0:0/96. */
function isIpv4Mapped(bytes: Uint8Array): boolean {
  for (let i = 0; i < 10; i += 1) if (bytes[i] !== 0) return false;
  return bytes[10] === 0xff && bytes[11] === 0xff;
}
