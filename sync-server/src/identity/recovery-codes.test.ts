import { describe, expect, it } from 'vitest';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes';

describe('recovery codes', () => {
  it('issues ten distinct, readable codes with distinct hashes', () => {
    const codes = generateRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes.map((c) => c.code)).size).toBe(10);
    expect(new Set(codes.map((c) => c.codeHash)).size).toBe(10);
    for (const c of codes) {
      expect(c.code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      expect(c.codeHash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(codes.map((c) => c.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('matches a code typed without dashes or in capitals', () => {
    const [first] = generateRecoveryCodes(1);
    if (!first) throw new Error('no code');
    expect(hashRecoveryCode(first.code.toUpperCase().replace(/-/g, ' '))).toBe(first.codeHash);
    expect(hashRecoveryCode('aaaa-bbbb-cccc')).not.toBe(first.codeHash);
  });
});
