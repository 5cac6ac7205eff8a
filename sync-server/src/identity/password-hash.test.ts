import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password-hash';

describe('password hashing', () => {
  it('stores an argon2id PHC string that verifies only the original password', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(stored).not.toContain('correct horse');
    expect(await verifyPassword(stored, 'correct horse battery staple')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse battery stapler')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('treats a malformed hash as a mismatch and as needing a rehash', async () => {
    expect(await verifyPassword('not-a-hash', 'x')).toBe(false);
    expect(needsRehash('not-a-hash')).toBe(true);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
  });

  it('dummy verification always fails', async () => {
    expect(await verifyAgainstDummy('anything')).toBe(false);
  });
});
