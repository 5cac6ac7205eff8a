import type { RowOf } from '@linkhub/shared/server/db/row';
import type { sessions } from '@linkhub/shared/server/db/schema/identity';
import {
  generateSessionToken,
  hashSessionToken,
  initialExpiry,
  isSessionLive,
  rolledExpiry,
  SESSION_TOUCH_INTERVAL_MS,
} from './session-token';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import type { UserRow } from './users';

export const CLIENT_KINDS = ['web', 'pwa', 'desktop', 'cli'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];

export type SessionRow = RowOf<
  typeof sessions,
  | 'id'
  | 'userId'
  | 'clientKind'
  | 'clientLabel'
  | 'mfaVerifiedAt'
  | 'reauthenticatedAt'
  | 'lastSeenAt'
  | 'rollingExpiresAt'
  | 'absoluteExpiresAt'
  | 'revokedAt'
  | 'createdAt'
>;

const SESSION_COLUMNS =
  's.id, s.user_id, s.client_kind, s.client_label, s.mfa_verified_at, s.reauthenticated_at, s.last_seen_at, s.rolling_expires_at, s.absolute_expires_at, s.revoked_at, s.created_at';

/** Starts a session; the raw token is returned once and never stored (only its SHA-256). */
export async function createSession(
  db: Queryable,
  input: {
    userId: string;
    clientKind: ClientKind;
    clientLabel: string | null;
    twoFactorSatisfied: boolean;
    now?: Date;
  },
): Promise<{ token: string; session: SessionRow }> {
  const now = input.now ?? new Date();
  const { token, tokenHash } = generateSessionToken();
  const expiry = initialExpiry(now);
  const session = await one<SessionRow>(
    db,
    `INSERT INTO sessions AS s (user_id, token_hash, client_kind, client_label, mfa_verified_at, reauthenticated_at, last_seen_at, rolling_expires_at, absolute_expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8) RETURNING ${SESSION_COLUMNS}`,
    [
      input.userId,
      tokenHash,
      input.clientKind,
      input.clientLabel,
      input.twoFactorSatisfied ? now : null,
      now,
      expiry.rollingExpiresAt,
      expiry.absoluteExpiresAt,
    ],
  );
  if (!session) throw new Error('session insert returned no row');
  await db.query('UPDATE users SET last_login_at = $2 WHERE id = $1', [input.userId, now]);
  return { token, session };
}

/** The session with its user's columns, each prefixed `u_` by the join. */
type JoinedRow = SessionRow & { [K in keyof UserRow as `u_${K}`]: UserRow[K] };

/**
 * The session and user behind a raw token, or undefined when the token is unknown, revoked,
 * expired (rolling or absolute) or its user is gone. A live session's rolling expiry is extended
 * (at most once a minute, never past the absolute expiry).
 */
export async function resolveSession(
  db: Queryable,
  token: string,
  now: Date = new Date(),
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const row = await one<JoinedRow>(
    db,
    `SELECT ${SESSION_COLUMNS}, u.id AS u_id, u.email AS u_email, u.name AS u_name, u.password_hash AS u_password_hash,
            u.email_verified_at AS u_email_verified_at, u.status AS u_status, u.totp_enabled AS u_totp_enabled, u.created_at AS u_created_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND u.deleted_at IS NULL`,
    [hashSessionToken(token)],
  );
  if (
    !row ||
    !isSessionLive(
      {
        revokedAt: row.revoked_at,
        rollingExpiresAt: row.rolling_expires_at,
        absoluteExpiresAt: row.absolute_expires_at,
      },
      now,
    )
  ) {
    return undefined;
  }
  const session: SessionRow = {
    id: row.id,
    user_id: row.user_id,
    client_kind: row.client_kind,
    client_label: row.client_label,
    mfa_verified_at: row.mfa_verified_at,
    reauthenticated_at: row.reauthenticated_at,
    last_seen_at: row.last_seen_at,
    rolling_expires_at: row.rolling_expires_at,
    absolute_expires_at: row.absolute_expires_at,
    revoked_at: row.revoked_at,
    created_at: row.created_at,
  };
  if (now.getTime() - row.last_seen_at.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
    const rolling = rolledExpiry(now, row.absolute_expires_at);
    await db.query(
      'UPDATE sessions SET last_seen_at = $2, rolling_expires_at = $3 WHERE id = $1 AND revoked_at IS NULL',
      [row.id, now, rolling],
    );
    session.last_seen_at = now;
    session.rolling_expires_at = rolling;
  }
  const user: UserRow = {
    id: row.u_id,
    email: row.u_email,
    name: row.u_name,
    password_hash: row.u_password_hash,
    email_verified_at: row.u_email_verified_at,
    status: row.u_status,
    totp_enabled: row.u_totp_enabled,
    created_at: row.u_created_at,
  };
  return { session, user };
}

export async function revokeSession(db: Queryable, userId: string, sessionId: string): Promise<boolean> {
  const result = await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL',
    [sessionId, userId],
  );
  return (result.rowCount ?? 0) > 0;
}

/** Signs a user out everywhere, optionally keeping one session (the one asking). Returns how many ended. */
export async function revokeAllSessions(
  db: Queryable,
  userId: string,
  exceptSessionId: string | null = null,
): Promise<number> {
  const result = await db.query(
    'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL AND ($2::uuid IS NULL OR id <> $2::uuid)',
    [userId, exceptSessionId],
  );
  return result.rowCount ?? 0;
}

export async function listSessions(
  db: Queryable,
  userId: string,
  now: Date = new Date(),
): Promise<SessionRow[]> {
  return rows<SessionRow>(
    db,
    `SELECT ${SESSION_COLUMNS} FROM sessions s
      WHERE s.user_id = $1 AND s.revoked_at IS NULL AND s.rolling_expires_at > $2 AND s.absolute_expires_at > $2
      ORDER BY s.last_seen_at DESC`,
    [userId, now],
  );
}

export async function markSessionTwoFactor(db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET mfa_verified_at = now() WHERE id = $1', [sessionId]);
}

/** Step-up: the user re-entered their password (or a second factor) in this session just now. */
export async function markReauthenticated(db: Queryable, sessionId: string): Promise<void> {
  await db.query('UPDATE sessions SET reauthenticated_at = now() WHERE id = $1', [sessionId]);
}
