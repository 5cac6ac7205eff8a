import { readFile } from 'node:fs/promises';
import { Reader, type CityResponse } from 'maxmind';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundledCityDatabasePath, geoFromReader } from '../server/analytics/geo';
import { ipv4ToNumber, ipv6ToBytes } from './geo-tree';

describe('ipv4ToNumber', () => {
  it('reads dotted quads and refuses anything else', () => {
    expect(ipv4ToNumber('0.0.0.0')).toBe(0);
    expect(ipv4ToNumber('81.2.69.142')).toBe(((81 * 256 + 2) * 256 + 69) * 256 + 142);
    expect(ipv4ToNumber('255.255.255.255')).toBe(4294967295);
    for (const bad of [
      '',
      '1.2.3',
      '1.2.3.4.5',
      '256.1.1.1',
      '1..2.3',
      ' 1.2.3.4',
      '::1',
      '1.2.3.4:80',
      'a.b.c.d',
    ])
      expect(ipv4ToNumber(bad)).toBe(-1);
  });
});

describe('ipv6ToBytes', () => {
  it('reads IPv6 literals, compressed or with a trailing dotted quad, and refuses anything else', () => {
    const hex = (ip: string): string | null => {
      const bytes = ipv6ToBytes(ip);
      return bytes === null ? null : Buffer.from(bytes).toString('hex');
    };
    expect(hex('::')).toBe('0'.repeat(32));
    expect(hex('::1')).toBe(`${'0'.repeat(31)}1`);
    expect(hex('2001:db8::ff00:42:8329')).toBe('20010db8000000000000ff0000428329');
    expect(hex('2001:0DB8:0:0:0:FF00:42:8329')).toBe('20010db8000000000000ff0000428329');
    expect(hex('::ffff:81.2.69.142')).toBe('00000000000000000000ffff5102458e');
    expect(hex('64:ff9b::1.2.3.4')).toBe('0064ff9b000000000000000001020304');
    expect(hex('fe80::')).toBe(`fe80${'0'.repeat(28)}`);
    for (const bad of [
      '',
      '1.2.3.4',
      ':::',
      '1::2::3',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7::8',
      '12345::',
      'g::1',
      '::1.2.3',
      '::256.1.1.1',
      'fe80::1%eth0',
      '[::1]',
    ])
      expect(hex(bad), bad).toBeNull();
  });
  it('reads every valid IPv6 literal as the bytes WHATWG URL parsing gives it', () => {
    fc.assert(
      fc.property(fc.ipV6(), (ip) => {
        const bytes = ipv6ToBytes(ip);
        expect(bytes).not.toBeNull();
        const words = Array.from({ length: 8 }, (_, w) =>
          (((bytes?.[w * 2] ?? 0) << 8) | (bytes?.[w * 2 + 1] ?? 0)).toString(16),
        );
        const canonical = (literal: string): string => new URL(`http://[${literal}]/`).hostname;
        expect(canonical(words.join(':'))).toBe(canonical(ip));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('geo through the tree walk and the per-record memo', () => {
  it('answers exactly what the reader answers, for thousands of addresses, even with a tiny memo', async () => {
    const db = await readFile(bundledCityDatabasePath());
    const reader = new Reader<CityResponse>(db);
    const direct = geoFromReader(reader);
    const fast = geoFromReader(reader, db);
    const tiny = geoFromReader(reader, db, 8);
    let x = 12345;
    const ips = ['81.2.69.142', '8.8.8.8', '127.0.0.1', '10.0.0.1', '2a02:1:2::3', 'not-an-ip', '1.2.3.4.5'];
    for (let i = 0; i < 5000; i++) {
      x = (x * 69069 + 1) % 4294967296;
      ips.push(
        `${Math.floor(x / 16777216)}.${Math.floor(x / 65536) % 256}.${Math.floor(x / 256) % 256}.${x % 256}`,
      );
    }
    // IPv6 in the allocated global space (2000::/4, mostly 2001: and 2a0x:), compressed or not, some IPv4-mapped.
    const group = (n: number): string => (n % 65536).toString(16);
    for (let i = 0; i < 3000; i++) {
      x = (x * 69069 + 1) % 4294967296;
      const first = ['2001', '2a02', '2a00', '2600', '2400', '2c0f', '2003', '2804'][i % 8] ?? '2001';
      const rest = [x, x >>> 7, x >>> 13, x * 7, x >>> 3].map(group);
      if (i % 3 === 0) ips.push(`${first}:${rest.slice(0, 2).join(':')}::${group(i)}`);
      else if (i % 3 === 1) ips.push(`${first}:${rest.join(':')}:${group(i)}:1`);
      else ips.push(`::ffff:${Math.floor(x / 16777216)}.${Math.floor(x / 65536) % 256}.1.${i % 256}`);
    }
    let located = 0;
    for (const round of [1, 2])
      for (const ip of ips) {
        const want = direct.lookup(ip);
        expect(fast.lookup(ip), `${ip} round ${round}`).toEqual(want);
        expect(tiny.lookup(ip)).toEqual(want);
        if (want.country !== null) located += 1;
      }
    expect(located).toBeGreaterThan(2000);
  });
});
