import type {
  emailVerificationTokens,
  magicLinkTokens,
  passwordResetTokens,
} from '@linkhub/shared/server/db/schema/identity';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { generateOpaqueToken, sha256Hex } from './opaque-token';
import { one, type Queryable } from '@linkhub/shared/server/db/sql';

/**
 * Single-use e-mailed tokens: e-mail verification (24 h), password reset (1 h, issuing one
 * invalidates the earlier ones), magic-link sign-in (15 min). Only SHA-256 hashes are stored; a
 * token is consumed by one conditional UPDATE, so two clicks cannot both succeed.
 */
export const TOKEN_TTL_MS = {
  verification: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  magic: 15 * 60 * 1000,
} as const;

const PREFIX = { verification: 'lhv_', reset: 'lhr_', magic: 'lhm_' } as const;

export async function issueVerificationToken(db: Queryable, userId: string, email: string): Promise<string> {
  const { token, tokenHash } = generateOpaqueToken(PREFIX.verification);
  await db.query(
    'INSERT INTO email_verification_tokens (user_id, email, token_hash, expires_at) VALUES ($1, $2, $3, $4)',
    [userId, email, tokenHash, new Date(Date.now() + TOKEN_TTL_MS.verification)],
  );
  return token;
}

/** The user whose address the token proves, if the token is live and matches the current address. */
export async function consumeVerificationToken(db: Queryable, token: string): Promise<string | undefined> {
  const row = await one<RowOf<typeof emailVerificationTokens, 'userId'>>(
    db,
    `UPDATE email_verification_tokens t SET consumed_at = now()
       FROM users u
      WHERE t.token_hash = $1 AND t.consumed_at IS NULL AND t.expires_at > now()
        AND u.id = t.user_id AND u.email = t.email AND u.deleted_at IS NULL
      RETURNING t.user_id`,
    [sha256Hex(token)],
  );
  return row?.user_id;
}

export async function issueResetToken(db: Queryable, userId: string): Promise<string> {
  await db.query(
    'UPDATE password_reset_tokens SET invalidated_at = now() WHERE user_id = $1 AND consumed_at IS NULL AND invalidated_at IS NULL',
    [userId],
  );
  const { token, tokenHash } = generateOpaqueToken(PREFIX.reset);
  await db.query('INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES ($1, $2, $3)', [
    userId,
    tokenHash,
    new Date(Date.now() + TOKEN_TTL_MS.reset),
  ]);
  return token;
}

export async function consumeResetToken(db: Queryable, token: string): Promise<string | undefined> {
  const row = await one<RowOf<typeof passwordResetTokens, 'userId'>>(
    db,
    `UPDATE password_reset_tokens SET consumed_at = now()
      WHERE token_hash = $1 AND consumed_at IS NULL AND invalidated_at IS NULL AND expires_at > now()
      RETURNING user_id`,
    [sha256Hex(token)],
  );
  return row?.user_id;
}

export async function issueMagicLinkToken(
  db: Queryable,
  email: string,
  userId: string | null,
): Promise<string> {
  const { token, tokenHash } = generateOpaqueToken(PREFIX.magic);
  await db.query(
    'INSERT INTO magic_link_tokens (user_id, email, token_hash, expires_at) VALUES ($1, $2, $3, $4)',
    [userId, email, tokenHash, new Date(Date.now() + TOKEN_TTL_MS.magic)],
  );
  return token;
}

/** How many magic links were sent to this address in the last 15 minutes (request throttling). */
export async function recentMagicLinks(db: Queryable, email: string): Promise<number> {
  const row = await one<{ n: string }>(
    db,
    "SELECT count(*) AS n FROM magic_link_tokens WHERE email = lower(btrim($1)) AND created_at > now() - interval '15 minutes'",
    [email],
  );
  return Number(row?.n ?? 0);
}

export async function consumeMagicLinkToken(
  db: Queryable,
  token: string,
): Promise<{ userId: string | null; email: string } | undefined> {
  const row = await one<RowOf<typeof magicLinkTokens, 'userId' | 'email'>>(
    db,
    `UPDATE magic_link_tokens SET consumed_at = now()
      WHERE token_hash = $1 AND consumed_at IS NULL AND expires_at > now()
      RETURNING user_id, email`,
    [sha256Hex(token)],
  );
  return row ? { userId: row.user_id, email: row.email } : undefined;
}

/** E-mails of one kind sent to a user in the last 15 minutes (resend throttling; the indexes cover both). */
export async function recentTokens(
  db: Queryable,
  kind: 'verification' | 'reset',
  userId: string,
): Promise<number> {
  const table = kind === 'verification' ? 'email_verification_tokens' : 'password_reset_tokens';
  const row = await one<{ n: string }>(
    db,
    `SELECT count(*) AS n FROM ${table} WHERE user_id = $1 AND created_at > now() - interval '15 minutes'`,
    [userId],
  );
  return Number(row?.n ?? 0);
}
