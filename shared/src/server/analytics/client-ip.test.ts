import { isIP } from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientIp, parseTrustedProxies } from './client-ip';

const loopback = parseTrustedProxies(undefined);

describe('clientIp', () => {
  it('uses the socket address when there is no proxy', () => {
    expect(clientIp('203.0.113.9', undefined, loopback)).toBe('203.0.113.9');
    expect(clientIp('::ffff:203.0.113.9', undefined, loopback)).toBe('203.0.113.9');
  });
  it('ignores X-Forwarded-For from an untrusted peer (no spoofing)', () => {
    expect(clientIp('203.0.113.9', '1.2.3.4', loopback)).toBe('203.0.113.9');
  });
  it('takes the first untrusted hop from the right when the peer is a trusted proxy', () => {
    expect(clientIp('127.0.0.1', '198.51.100.7', loopback)).toBe('198.51.100.7');
    expect(clientIp('::1', 'spoofed, 198.51.100.7, 127.0.0.1', loopback)).toBe('198.51.100.7');
    expect(clientIp('127.0.0.1', '6.6.6.6, 198.51.100.7', loopback)).toBe('198.51.100.7');
  });
  it('uses TRUSTED_PROXIES CIDRs instead of loopback when set', () => {
    const trusted = parseTrustedProxies('10.0.0.0/8, 2001:db8::/32');
    expect(clientIp('10.1.2.3', '198.51.100.7, 10.9.9.9', trusted)).toBe('198.51.100.7');
    expect(clientIp('2001:db8::1', '198.51.100.8', trusted)).toBe('198.51.100.8');
    expect(clientIp('127.0.0.1', '198.51.100.7', trusted)).toBe('127.0.0.1');
  });
  it('falls back to the leftmost hop when every hop is trusted, and to the peer when the header is junk', () => {
    expect(clientIp('127.0.0.1', '127.0.0.2, 127.0.0.3', loopback)).toBe('127.0.0.2');
    expect(clientIp('127.0.0.1', 'garbage', loopback)).toBe('127.0.0.1');
    expect(clientIp('127.0.0.1', '127.0.0.2', loopback)).toBe('127.0.0.2');
    expect(clientIp('127.0.0.1', ' [2001:DB8::1] ', loopback)).toBe('2001:db8::1');
    expect(clientIp('127.0.0.1', '198.51.100.7:443', loopback)).toBe('198.51.100.7');
  });
  it('refuses a bad TRUSTED_PROXIES entry', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/TRUSTED_PROXIES/);
    expect(() => parseTrustedProxies('nope')).toThrow(/TRUSTED_PROXIES/);
  });
});

describe('trusted proxies: IPv4 rules checked without BlockList', () => {
  it('matches exactly what a BlockList of the same rules matches', async () => {
    const { BlockList } = await import('node:net');
    const spec = '10.0.0.0/8,192.168.1.0/24,203.0.113.7,0.0.0.0/1';
    const trusted = parseTrustedProxies(spec);
    const list = new BlockList();
    list.addSubnet('10.0.0.0', 8, 'ipv4');
    list.addSubnet('192.168.1.0', 24, 'ipv4');
    list.addSubnet('203.0.113.7', 32, 'ipv4');
    list.addSubnet('0.0.0.0', 1, 'ipv4');
    let x = 7;
    for (let i = 0; i < 3000; i++) {
      x = (x * 69069 + 1) % 4294967296;
      const ip = `${Math.floor(x / 16777216)}.${Math.floor(x / 65536) % 256}.${Math.floor(x / 256) % 256}.${x % 256}`;
      expect(trusted.contains(ip), ip).toBe(list.check(ip, 'ipv4'));
    }
    for (const ip of ['10.1.2.3', '192.168.1.255', '203.0.113.7', '127.0.0.1'])
      expect(trusted.contains(ip)).toBe(true);
    for (const ip of ['192.168.2.1', '203.0.113.8', '200.1.1.1']) expect(trusted.contains(ip)).toBe(false);
  });
});

describe('trusted proxies: IPv6 rules checked without BlockList', () => {
  it('matches exactly what a BlockList of the same rules matches, IPv4-mapped addresses included', async () => {
    const { BlockList } = await import('node:net');
    const spec = '::1,2001:db8::/32,2a02:1:2::/48,fe80::/10,2c0f:abcd::7/127,10.0.0.0/8';
    const trusted = parseTrustedProxies(spec);
    const list = new BlockList();
    list.addAddress('::1', 'ipv6');
    list.addSubnet('2001:db8::', 32, 'ipv6');
    list.addSubnet('2a02:1:2::', 48, 'ipv6');
    list.addSubnet('fe80::', 10, 'ipv6');
    list.addSubnet('2c0f:abcd::7', 127, 'ipv6');
    list.addSubnet('10.0.0.0', 8, 'ipv4');
    const candidates = fc.oneof(
      fc.ipV6(),
      fc
        .tuple(
          fc.constantFrom('2001:db8', '2001:db9', '2a02:1', 'fe80', 'febf', 'fec0', '2c0f:abcd', '::ffff'),
          fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 1, maxLength: 5 }),
        )
        .map(([head, words]) => `${head}::${words.map((w) => w.toString(16)).join(':')}`),
      fc.constantFrom(
        '::1',
        '::2',
        '2c0f:abcd::6',
        '2c0f:abcd::7',
        '2c0f:abcd::8',
        '::ffff:10.1.2.3',
        '::ffff:a01:203',
      ),
    );
    fc.assert(
      fc.property(candidates, (ip) => {
        const value = ip.toLowerCase();
        expect(trusted.contains(ip), ip).toBe(list.check(value, isIP(value) === 4 ? 'ipv4' : 'ipv6'));
      }),
      { numRuns: 5000 },
    );
  });
});
