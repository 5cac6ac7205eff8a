import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { linkFieldSchemas } from '../../schemas/links';
import { hashLinkPassword, verifyLinkPassword } from './link-password';

/** The link password's doors (D-615): the schema that takes it and the check that verifies it. */
describe('link passwords', () => {
  it('verifies the password it hashed and no other (NFC-equal spellings are one password)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 4, maxLength: 40 }),
        fc.string({ minLength: 1 }),
        async (pw, tail) => {
          const stored = await hashLinkPassword(pw);
          expect(stored).toMatch(/^scrypt\$15\$8\$1\$[\w-]+\$[\w-]+$/);
          expect(await verifyLinkPassword(stored, pw)).toBe(true);
          expect(await verifyLinkPassword(stored, pw + tail)).toBe(false);
        },
      ),
      { numRuns: 4 },
    );
    expect(await verifyLinkPassword(await hashLinkPassword('caf\u00e9'), 'cafe\u0301')).toBe(true);
  });

  it('answers false, never throws, for any stored value that is not a hash it made', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc
            .tuple(fc.integer(), fc.integer(), fc.integer(), fc.base64String(), fc.base64String())
            .map(([n, r, p, s, h]) => `scrypt$${n}$${r}$${p}$${s}$${h}`),
        ),
        fc.string(),
        async (stored, pw) => {
          expect(await verifyLinkPassword(stored, pw)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('takes 4-128 printable characters and null, refuses anything else', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (value) => {
        const ok = linkFieldSchemas.password.safeParse(value).success;
        const printable = [...value].every((ch) => ch >= ' ' && ch !== '\u007f');
        expect(ok).toBe(value.length >= 4 && value.length <= 128 && printable);
      }),
    );
    expect(linkFieldSchemas.password.safeParse(null).success).toBe(true);
  });
});
