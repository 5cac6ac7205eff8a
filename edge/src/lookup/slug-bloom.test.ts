import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressKey, createSlugBloom, hashPair } from './slug-bloom';

const host = fc.stringMatching(/^[a-z0-9]([a-z0-9.-]{0,40}[a-z0-9])?(:[0-9]{1,5})?$/);
/** Any UTF-16 string: astral characters, combining marks, lone surrogates, NULs, odd bytes. */
const slug = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 120 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  fc.string({ minLength: 1 }),
);

describe('slug bloom', () => {
  it('never says absent for an address it holds (any host, any slug)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(host, slug), { minLength: 1, maxLength: 300 }),
        fc.integer({ min: 1, max: 5000 }),
        (addresses, capacity) => {
          const bloom = createSlugBloom(capacity, 0.01);
          for (const [h, s] of addresses) bloom.add(h, s);
          for (const [h, s] of addresses) expect(bloom.has(h, s)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('tells the host apart: the same slug on another host is another address (hosts never hold `/`)', () => {
    expect(addressKey('a.example', 'x/y')).toBe('a.example/x/y');
    const bloom = createSlugBloom(1000, 0.001);
    bloom.add('a.example', 'spring');
    expect(bloom.has('a.example', 'spring')).toBe(true);
    // one fixed probe; at 0.1 % with one entry a collision here would be a hashing bug
    expect(bloom.has('b.example', 'spring')).toBe(false);
  });

  it('holds 10 M slugs at 1 % in at most 12 MB with 7 hashes', () => {
    const bloom = createSlugBloom(10_000_000, 0.01);
    expect(bloom.bytes).toBeLessThanOrEqual(12_000_000);
    expect(bloom.hashes).toBe(7);
  });

  it('keeps near the requested false-positive rate', () => {
    const bloom = createSlugBloom(20_000, 0.01);
    for (let i = 0; i < 20_000; i += 1) bloom.add('lnk.example', `s${i}`);
    let positives = 0;
    for (let i = 0; i < 50_000; i += 1) if (bloom.has('lnk.example', `absent-${i}`)) positives += 1;
    expect(positives / 50_000).toBeLessThan(0.02);
  });

  it('hashes every code unit (lone surrogates included) to two 32-bit values, the second odd', () => {
    const [a, b] = hashPair('\uD800x\u0000');
    expect(a).toBeGreaterThanOrEqual(0);
    expect(a).toBeLessThan(2 ** 32);
    expect(b % 2).toBe(1);
    expect(hashPair('\uD800')).not.toEqual(hashPair('\uDC00'));
  });
});
