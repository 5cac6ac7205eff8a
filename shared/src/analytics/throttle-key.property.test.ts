import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { throttleEnvShape, throttleKey } from './throttle-key';

/** Eight 16-bit groups, written the long way, compressed with `::`, or in upper case: one address, three spellings. */
const groups = fc.array(fc.integer({ min: 0, max: 0xffff }), { minLength: 8, maxLength: 8 });
function spell(words: number[], style: 'long' | 'short' | 'upper'): string {
  const long = words.map((w) => w.toString(16)).join(':');
  if (style === 'upper') return long.toUpperCase();
  if (style === 'long') return long;
  // Compress the first run of zero groups (two or more), as the canonical form does.
  const start = words.findIndex((w, i) => w === 0 && words[i + 1] === 0);
  if (start < 0) return long;
  let end = start;
  while (end < 8 && words[end] === 0) end += 1;
  const head = words.slice(0, start).map((w) => w.toString(16));
  const tail = words.slice(end).map((w) => w.toString(16));
  return `${head.join(':')}::${tail.join(':')}`;
}
const style = fc.constantFrom('long', 'short', 'upper') as fc.Arbitrary<'long' | 'short' | 'upper'>;
/** Global-unicast-looking first group, so no generated address is IPv4-mapped. */
const v6 = groups.map((w) => [0x2000 | ((w[0] ?? 0) & 0x1fff), ...w.slice(1)]);

describe('throttles group IPv6 by /64', () => {
  it('gives any two addresses of one /64 the same key, however spelled', () => {
    fc.assert(
      fc.property(v6, groups, style, style, (a, hostBits, sa, sb) => {
        const b = [...a.slice(0, 4), ...hostBits.slice(4)];
        expect(throttleKey(spell(a, sa))).toBe(throttleKey(spell(b, sb)));
      }),
    );
  });

  it('gives addresses of different /64s different keys', () => {
    fc.assert(
      fc.property(v6, v6, style, (a, b, s) => {
        fc.pre(a.slice(0, 4).join() !== b.slice(0, 4).join());
        expect(throttleKey(spell(a, s))).not.toBe(throttleKey(spell(b, s)));
      }),
    );
  });

  it('groups by the configured prefix length instead when one is set', () => {
    fc.assert(
      fc.property(v6, groups, fc.integer({ min: 32, max: 128 }), (a, other, bits) => {
        const b = a.map((w, i) => (i * 16 >= bits ? (other[i] ?? 0) : w));
        expect(throttleKey(spell(a, 'long'), bits)).toBe(throttleKey(spell(b, 'short'), bits));
      }),
    );
    // /48: two /64s of one site share a key; at /64 they do not.
    expect(throttleKey('2001:db8:1:1::1', 48)).toBe(throttleKey('2001:db8:1:2::1', 48));
    expect(throttleKey('2001:db8:1:1::1')).not.toBe(throttleKey('2001:db8:1:2::1'));
  });

  it('keeps IPv4 addresses whole and reads IPv4-mapped IPv6 as the IPv4 address', () => {
    const v4 = fc.tuple(...Array.from({ length: 4 }, () => fc.integer({ min: 0, max: 255 })));
    fc.assert(
      fc.property(v4, v4, (a, b) => {
        const ipA = a.join('.');
        expect(throttleKey(ipA)).toBe(ipA);
        expect(throttleKey(`::ffff:${ipA}`)).toBe(ipA);
        if (a.join() !== b.join()) expect(throttleKey(ipA)).not.toBe(throttleKey(b.join('.')));
      }),
    );
    expect(throttleKey('::ffff:c000:0201')).toBe('192.0.2.1');
    expect(throttleKey('[2001:db8::1]')).toBe(throttleKey('2001:db8::2'));
    expect(throttleKey('unknown')).toBe('unknown');
  });

  it('reads THROTTLE_IPV6_PREFIX from the environment: 64 unless set, refused outside 32-128', () => {
    const schema = z.object(throttleEnvShape);
    expect(schema.parse({}).THROTTLE_IPV6_PREFIX).toBe(64);
    expect(schema.parse({ THROTTLE_IPV6_PREFIX: '56' }).THROTTLE_IPV6_PREFIX).toBe(56);
    expect(schema.safeParse({ THROTTLE_IPV6_PREFIX: '16' }).success).toBe(false);
    expect(schema.safeParse({ THROTTLE_IPV6_PREFIX: '129' }).success).toBe(false);
  });
});
