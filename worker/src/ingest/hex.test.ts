import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHashHex } from './hex';

const HASH = /^[0-9a-f]{32}$/;
const hexish = fc
  .array(fc.constantFrom(...'0123456789abcdefABCDEFgz-/:`@G\u00e9\u0660\u0161\u0130'), {
    minLength: 30,
    maxLength: 34,
  })
  .map((chars) => chars.join(''));

describe('isHashHex', () => {
  it('answers as /^[0-9a-f]{32}$/ does, for near-hashes and any text', () => {
    fc.assert(
      fc.property(fc.oneof(hexish, fc.string(), fc.stringMatching(HASH)), (text) => {
        expect(isHashHex(text)).toBe(HASH.test(text));
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses a hash with an upper-case digit or a trailing newline', () => {
    expect(isHashHex('0123456789abcdef'.repeat(2))).toBe(true);
    expect(isHashHex('0123456789abcdeF'.repeat(2))).toBe(false);
    expect(isHashHex(`${'a'.repeat(32)}\n`)).toBe(false);
  });
});
