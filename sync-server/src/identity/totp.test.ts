import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode } from './base32';
import { generateTotpSecret, hotp, otpauthUrl, timeStep, totpAt, verifyTotp } from './totp';

// RFC 6238 Appendix B: seeds are ASCII "1234567890" repeated to the hash's block size.
const SEED_SHA1 = Buffer.from('12345678901234567890');
const SEED_SHA256 = Buffer.from('12345678901234567890123456789012');
const SEED_SHA512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234');

const VECTORS: Array<[number, string, string, string]> = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('matches the RFC test vectors at T=%i', (t, sha1, sha256, sha512) => {
    expect(totpAt(SEED_SHA1, t, 8, 'sha1')).toBe(sha1);
    expect(totpAt(SEED_SHA256, t, 8, 'sha256')).toBe(sha256);
    expect(totpAt(SEED_SHA512, t, 8, 'sha512')).toBe(sha512);
  });

  it('matches the RFC 4226 HOTP vectors (6 digits)', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expected.forEach((code, counter) => expect(hotp(SEED_SHA1, counter)).toBe(code));
  });

  it('accepts the current code once, then refuses it as a replay', () => {
    const secret = generateTotpSecret();
    const now = new Date('2026-03-01T12:00:10Z');
    const code = totpAt(secret, now.getTime() / 1000);
    const first = verifyTotp(secret, code, { now, lastUsedStep: null });
    expect(first).toEqual({ ok: true, step: timeStep(now.getTime() / 1000) });
    const again = verifyTotp(secret, code, { now, lastUsedStep: first.ok ? first.step : null });
    expect(again).toEqual({ ok: false, reason: 'replayed' });
  });

  it('tolerates one step of clock drift but not two', () => {
    const secret = generateTotpSecret();
    const now = new Date('2026-03-01T12:00:10Z');
    const t = now.getTime() / 1000;
    expect(verifyTotp(secret, totpAt(secret, t - 30), { now, lastUsedStep: null }).ok).toBe(true);
    expect(verifyTotp(secret, totpAt(secret, t + 30), { now, lastUsedStep: null }).ok).toBe(true);
    expect(verifyTotp(secret, totpAt(secret, t - 90), { now, lastUsedStep: null })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(verifyTotp(secret, 'abcdef', { now, lastUsedStep: null })).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('builds an otpauth URL authenticator apps understand, with a base32 secret that round-trips', () => {
    const secret = generateTotpSecret();
    const url = new URL(otpauthUrl({ issuer: 'LinkHub', account: 'maya@example.com', secret }));
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe('/LinkHub:maya@example.com');
    const b32 = url.searchParams.get('secret') ?? '';
    expect(base32Decode(b32).equals(secret)).toBe(true);
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  });
});
