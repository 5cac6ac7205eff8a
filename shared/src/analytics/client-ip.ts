import { BlockList, isIP } from 'node:net';

/**
 * The client IP of a request (DESIGN §6): the socket address, or — only when the socket peer is a
 * trusted proxy — the first untrusted hop of X-Forwarded-For, read right to left. This is the only
 * place in the repository that reads X-Forwarded-For. The result never leaves the request.
 */
export type TrustedProxies = { contains(ip: string): boolean };

const LOOPBACK = ['127.0.0.0/8', '::1/128'];

function normalize(ip: string): string | null {
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
  const entries = spec && spec.trim() !== '' ? spec.split(',').map((s) => s.trim()).filter((s) => s !== '') : LOOPBACK;
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const ip = normalize(address);
    if (ip === null) throw new RangeError(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR`);
    const family = isIP(ip) === 4 ? 'ipv4' : 'ipv6';
    const max = family === 'ipv4' ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) throw new RangeError(`TRUSTED_PROXIES: "${entry}" has a bad prefix length`);
    list.addSubnet(ip, prefix, family);
  }
  return {
    contains(ip: string): boolean {
      const value = normalize(ip);
      if (value === null) return false;
      return list.check(value, isIP(value) === 4 ? 'ipv4' : 'ipv6');
    },
  };
}

/** The only header whose value may name the client, and only behind a trusted proxy (see `clientIp`). */
export const FORWARDED_FOR_HEADER = 'x-forwarded-for';

export function clientIp(socketAddress: string | undefined, forwardedFor: string | undefined, trusted: TrustedProxies): string | null {
  const peer = socketAddress === undefined ? null : normalize(socketAddress);
  if (peer === null) return null;
  if (!forwardedFor || !trusted.contains(peer)) return peer;
  const hops = forwardedFor.split(',').map((hop) => normalize(hop)).filter((hop): hop is string => hop !== null);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i];
    if (hop !== undefined && !trusted.contains(hop)) return hop;
  }
  return hops[0] ?? peer;
}
