import { readFile } from 'node:fs/promises';
import { Reader, type CityResponse } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { bundledCityDatabasePath, geoFromReader } from './geo';
import { ipv4ToNumber } from './geo-tree';

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
    let located = 0;
    for (const round of [1, 2])
      for (const ip of ips) {
        const want = direct.lookup(ip);
        expect(fast.lookup(ip), `${ip} round ${round}`).toEqual(want);
        expect(tiny.lookup(ip)).toEqual(want);
        if (want.country !== null) located += 1;
      }
    expect(located).toBeGreaterThan(1000);
  });
});
