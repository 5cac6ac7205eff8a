import { randomBytes, timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

/**
 * RFC 6238 TOTP (HMAC-SHA1, 6 digits, 30 s step — what every authenticator app does by default),
 * with a replay guard: a code is accepted only for a time step later than the last one used
 * (totp_secrets.last_used_step), so an observed code cannot be replayed within its window.
 */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Accept the previous and next step too, for clock drift between phone and server. */
export const TOTP_DRIFT_STEPS = 1;

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

export function generateTotpSecret(): Buffer {
  return randomBytes(20);
}

export function timeStep(unixSeconds: number, stepSeconds = TOTP_STEP_SECONDS): number {
  return Math.floor(unixSeconds / stepSeconds);
}

/** RFC 4226 HOTP value for one counter (the TOTP time step), computed by the `otpauth` library. */
export function hotp(
  secret: Uint8Array,
  counter: number,
  digits = TOTP_DIGITS,
  algorithm: TotpAlgorithm = 'sha1',
): string {
  return HOTP.generate({ secret: secretOf(secret), counter, digits, algorithm: algorithm.toUpperCase() });
}

function secretOf(bytes: Uint8Array): Secret {
  return new Secret({ buffer: Uint8Array.from(bytes).buffer });
}

export function totpAt(
  secret: Uint8Array,
  unixSeconds: number,
  digits = TOTP_DIGITS,
  algorithm: TotpAlgorithm = 'sha1',
): string {
  return hotp(secret, timeStep(unixSeconds), digits, algorithm);
}

export type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'invalid' | 'replayed' };

/**
 * Checks `code` against the steps around `now`. Returns the matched step so the caller can store
 * it as the new last_used_step (in the same statement that checks it, to close the race).
 */
export function verifyTotp(
  secret: Uint8Array,
  code: string,
  opts: { now: Date; lastUsedStep: number | null },
): TotpCheck {
  const normalized = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(normalized)) return { ok: false, reason: 'invalid' };
  const current = timeStep(Math.floor(opts.now.getTime() / 1000));
  let replayed = false;
  for (let delta = -TOTP_DRIFT_STEPS; delta <= TOTP_DRIFT_STEPS; delta += 1) {
    const step = current + delta;
    const expected = Buffer.from(hotp(secret, step));
    if (timingSafeEqual(expected, Buffer.from(normalized))) {
      if (opts.lastUsedStep !== null && step <= opts.lastUsedStep) {
        replayed = true;
        continue;
      }
      return { ok: true, step };
    }
  }
  return { ok: false, reason: replayed ? 'replayed' : 'invalid' };
}

/** The otpauth:// URL an authenticator app scans (Key Uri Format). */
export function otpauthUrl(opts: { issuer: string; account: string; secret: Uint8Array }): string {
  return new TOTP({
    issuer: opts.issuer,
    label: opts.account,
    secret: secretOf(opts.secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_STEP_SECONDS,
  }).toString();
}
