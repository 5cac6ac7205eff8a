import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import {
  canonicalAddress,
  hostAddresses,
  ipv6Words,
  isUnsafeAddress,
  isUnsafeAddressAmong,
} from './address-policy';

describe('isUnsafeAddress: IPv6 forms that carry an IPv4 address', () => {
  it.each([
    ['6to4 of 127.0.0.1', '2002:7f00:1::1'],
    ['6to4 of 10.1.2.3', '2002:a01:203:5::9'],
    ['6to4 of the metadata address', '2002:a9fe:a9fe::'],
    ['well-known NAT64 of 127.0.0.1', '64:ff9b::7f00:1'],
    ['well-known NAT64 of 192.168.1.1, dotted', '64:ff9b::192.168.1.1'],
    ['local-use NAT64, any embedding', '64:ff9b:1::808:808'],
    ['local-use NAT64 /48 elsewhere', '64:ff9b:1:ab00::1'],
    ['SIIT of 127.0.0.1', '::ffff:0:7f00:1'],
    ['SIIT of 10.0.0.1, dotted', '::ffff:0:10.0.0.1'],
    ['IPv4-compatible 127.0.0.1', '::7f00:1'],
    ['IPv4-compatible public (deprecated form)', '::8.8.8.8'],
    ['IPv4-mapped 127.0.0.1, hex', '::ffff:7f00:1'],
    ['IPv4-mapped 127.0.0.1, dotted', '::FFFF:127.0.0.1'],
    ['Teredo with a loopback client', '2001:0:4136:e378:8000:63bf:80ff:fffe'],
    ['site-local', 'fec0::1'],
    ['discard-only', '100::1'],
    ['loopback with a zone', 'fe80::1%eth0'],
    ['not an address', '2002::zz'],
  ])('%s (%s) is refused', (_name, address) => {
    expect(isUnsafeAddress(address)).toBe(true);
  });

  it.each([
    ['a public IPv6 address', '2606:4700::1111'],
    ['6to4 of a public address', '2002:808:808::1'],
    ['well-known NAT64 of a public address (DNS64)', '64:ff9b::808:808'],
    ['IPv4-mapped public', '::ffff:8.8.8.8'],
    ['a public IPv4 address', '93.184.216.34'],
  ])('%s (%s) is allowed', (_name, address) => {
    expect(isUnsafeAddress(address)).toBe(false);
  });
});

describe("this machine's own addresses", () => {
  it('refuses an address of the host itself, in any spelling, even a public one', () => {
    const own = new Set(['198.51.100.7', '2a01:4f8:0:0:0:0:0:7'].map((a) => canonicalAddress(a) ?? ''));
    expect(isUnsafeAddressAmong('198.51.100.7', own)).toBe(true);
    expect(isUnsafeAddressAmong('2a01:4f8::7', own)).toBe(true);
    expect(isUnsafeAddressAmong('::ffff:198.51.100.7', own)).toBe(true);
    expect(isUnsafeAddressAmong('2002:c633:6407::1', own)).toBe(true);
    expect(isUnsafeAddressAmong('198.51.100.8', own)).toBe(false);
  });

  it('reads every interface address of this machine', () => {
    const listed = Object.values(networkInterfaces()).flatMap((l) => (l ?? []).map((i) => i.address));
    expect(listed.length).toBeGreaterThan(0);
    for (const address of listed) {
      expect(hostAddresses().has(canonicalAddress(address) ?? '')).toBe(true);
      expect(isUnsafeAddress(address)).toBe(true);
    }
  });
});

describe('ipv6Words', () => {
  it('expands every spelling and refuses malformed ones', () => {
    expect(ipv6Words('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Words('2002:7f00:1::1')).toEqual([0x2002, 0x7f00, 1, 0, 0, 0, 0, 1]);
    expect(ipv6Words('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(ipv6Words('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(ipv6Words('1::2::3')).toBeNull();
    expect(ipv6Words('1:2:3:4:5:6:7:8:9')).toBeNull();
    expect(ipv6Words('::1.2.3.256')).toBeNull();
  });
});
