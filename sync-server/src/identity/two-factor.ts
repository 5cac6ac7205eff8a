import type { totpSecrets } from '@linkhub/shared/server/db/schema/identity';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { randomUUID } from 'node:crypto';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { sessionKey } from '@linkhub/shared/cache/keys';
import { generateOpaqueToken, sha256Hex } from './opaque-token';
import { generateRecoveryCodes, hashRecoveryCode } from './recovery-codes';
import type { SecretBox } from './secret-box';
import { generateTotpSecret, otpauthUrl, verifyTotp, type TotpCheck } from './totp';
import { one, type Queryable } from '@linkhub/shared/server/db/sql';
import type { ClientKind } from './sessions';

export const TOTP_ISSUER = 'LinkHub';
/** A password-verified sign-in waits this long for its second factor. */
export const CHALLENGE_TTL_SECONDS = 300;
/** Codes one challenge may be answered with: after this many wrong ones it is gone, and the user signs in again (D-485). */
export const CHALLENGE_MAX_CODES = 5;

/** Starts (or restarts) enrolment: a fresh secret, sealed at rest, unconfirmed until a code proves the app has it. */
export async function beginEnrolment(
  db: Queryable,
  box: SecretBox,
  user: { id: string; email: string },
): Promise<{ otpauthUrl: string; secret: Buffer }> {
  const secret = generateTotpSecret();
  await db.query(
    `INSERT INTO totp_secrets (user_id, secret_ciphertext, confirmed_at, last_used_step) VALUES ($1, $2, NULL, NULL)
     ON CONFLICT (user_id) DO UPDATE SET secret_ciphertext = EXCLUDED.secret_ciphertext, confirmed_at = NULL, last_used_step = NULL
     WHERE totp_secrets.confirmed_at IS NULL`,
    [user.id, box.seal(secret)],
  );
  const row = await one<RowOf<typeof totpSecrets, 'secretCiphertext' | 'confirmedAt'>>(
    db,
    'SELECT secret_ciphertext, confirmed_at FROM totp_secrets WHERE user_id = $1',
    [user.id],
  );
  if (!row || row.confirmed_at !== null) throw new Error('two-factor already enabled');
  return { otpauthUrl: otpauthUrl({ issuer: TOTP_ISSUER, account: user.email, secret }), secret };
}

/** Checks a code against the user's secret and, when it matches, consumes its time step atomically. */
export async function checkTotp(
  db: Queryable,
  box: SecretBox,
  userId: string,
  code: string,
  requireConfirmed: boolean,
  now: Date = new Date(),
): Promise<TotpCheck> {
  const row = await one<{
    secret_ciphertext: string;
    confirmed_at: Date | null;
    last_used_step: string | null;
  }>(db, 'SELECT secret_ciphertext, confirmed_at, last_used_step FROM totp_secrets WHERE user_id = $1', [
    userId,
  ]);
  if (!row || (requireConfirmed && row.confirmed_at === null)) return { ok: false, reason: 'invalid' };
  const check = verifyTotp(box.open(row.secret_ciphertext), code, {
    now,
    lastUsedStep: row.last_used_step === null ? null : Number(row.last_used_step),
  });
  if (!check.ok) return check;
  const claimed = await db.query(
    'UPDATE totp_secrets SET last_used_step = $2 WHERE user_id = $1 AND (last_used_step IS NULL OR last_used_step < $2)',
    [userId, check.step],
  );
  return (claimed.rowCount ?? 0) > 0 ? check : { ok: false, reason: 'replayed' };
}

/** Confirms enrolment (in the caller's transaction): 2FA on, ten fresh recovery codes (returned once). */
export async function confirmEnrolment(tx: Queryable, userId: string): Promise<string[]> {
  await tx.query('UPDATE totp_secrets SET confirmed_at = now() WHERE user_id = $1', [userId]);
  await tx.query('UPDATE users SET totp_enabled = true WHERE id = $1', [userId]);
  return replaceRecoveryCodes(tx, userId);
}

export async function replaceRecoveryCodes(tx: Queryable, userId: string): Promise<string[]> {
  await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  const batch = randomUUID();
  const codes = generateRecoveryCodes();
  for (const c of codes) {
    await tx.query(
      'INSERT INTO recovery_codes (user_id, batch_id, position, code_hash) VALUES ($1, $2, $3, $4)',
      [userId, batch, c.position + 1, c.codeHash],
    );
  }
  return codes.map((c) => c.code);
}

/** Redeems one recovery code (single use). */
export async function redeemRecoveryCode(db: Queryable, userId: string, code: string): Promise<boolean> {
  const used = await db.query(
    'UPDATE recovery_codes SET used_at = now() WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL',
    [userId, hashRecoveryCode(code)],
  );
  return (used.rowCount ?? 0) > 0;
}

export async function remainingRecoveryCodes(db: Queryable, userId: string): Promise<number> {
  const row = await one<{ n: string }>(
    db,
    'SELECT count(*) AS n FROM recovery_codes WHERE user_id = $1 AND used_at IS NULL',
    [userId],
  );
  return Number(row?.n ?? 0);
}

export async function disableTwoFactor(tx: Queryable, userId: string): Promise<void> {
  await tx.query('DELETE FROM totp_secrets WHERE user_id = $1', [userId]);
  await tx.query('DELETE FROM recovery_codes WHERE user_id = $1', [userId]);
  await tx.query('UPDATE users SET totp_enabled = false WHERE id = $1', [userId]);
}

export type PendingChallenge = { userId: string; clientKind: ClientKind; clientLabel: string | null };

/** After a correct password for a 2FA user: a short-lived, single-use challenge token (Redis, hashed key). */
export async function createChallenge(
  redis: RedisClient,
  prefix: string,
  pending: PendingChallenge,
): Promise<string> {
  const { token, tokenHash } = generateOpaqueToken('lhc_');
  await redis.set(
    sessionKey(prefix, `challenge:${tokenHash}`),
    JSON.stringify(pending),
    'EX',
    CHALLENGE_TTL_SECONDS,
  );
  return token;
}

export async function peekChallenge(
  redis: RedisClient,
  prefix: string,
  token: string,
): Promise<PendingChallenge | undefined> {
  const raw = await redis.get(sessionKey(prefix, `challenge:${sha256Hex(token)}`));
  return raw === null ? undefined : parsePending(raw);
}

/**
 * Takes one of the challenge's CHALLENGE_MAX_CODES tries, before the code is checked (so parallel
 * guesses cannot all pass one look-up): true while tries remain. The count lives beside the
 * challenge and expires with it.
 */
export async function takeChallengeTry(redis: RedisClient, prefix: string, token: string): Promise<boolean> {
  const key = sessionKey(prefix, `challenge-tries:${sha256Hex(token)}`);
  const replies = await redis.multi().incr(key).expire(key, CHALLENGE_TTL_SECONDS, 'NX').exec();
  const tries = Number(replies?.[0]?.[1]);
  if (Number.isFinite(tries) && tries <= CHALLENGE_MAX_CODES) return true;
  await consumeChallenge(redis, prefix, token);
  return false;
}

/** True when the challenge has no tries left (its last allowed code was wrong): it is then ended. */
export async function endChallengeIfSpent(
  redis: RedisClient,
  prefix: string,
  token: string,
): Promise<boolean> {
  const tries = Number(await redis.get(sessionKey(prefix, `challenge-tries:${sha256Hex(token)}`)));
  if (!(tries >= CHALLENGE_MAX_CODES)) return false;
  await consumeChallenge(redis, prefix, token);
  return true;
}

export async function consumeChallenge(redis: RedisClient, prefix: string, token: string): Promise<boolean> {
  return (await redis.del(sessionKey(prefix, `challenge:${sha256Hex(token)}`))) > 0;
}

function parsePending(raw: string): PendingChallenge | undefined {
  const value: unknown = JSON.parse(raw);
  if (typeof value !== 'object' || value === null) return undefined;
  const userId = 'userId' in value && typeof value.userId === 'string' ? value.userId : undefined;
  const clientKind =
    'clientKind' in value && typeof value.clientKind === 'string' ? value.clientKind : undefined;
  const clientLabel =
    'clientLabel' in value && typeof value.clientLabel === 'string' ? value.clientLabel : null;
  if (
    !userId ||
    (clientKind !== 'web' && clientKind !== 'pwa' && clientKind !== 'desktop' && clientKind !== 'cli')
  )
    return undefined;
  return { userId, clientKind, clientLabel };
}
