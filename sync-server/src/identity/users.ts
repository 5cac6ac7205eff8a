import type { RowOf } from '@linkhub/shared/server/db/row';
import type { users } from '@linkhub/shared/server/db/schema/identity';
import { ConflictError } from '@linkhub/shared/errors/app-error';
import { hashPassword, PASSWORD_ALGO } from './password-hash';
import { one, type Queryable } from '@linkhub/shared/server/db/sql';
import { isUniqueViolation } from '@linkhub/shared/server/db/errors';

export type UserRow = RowOf<
  typeof users,
  'id' | 'email' | 'name' | 'passwordHash' | 'emailVerifiedAt' | 'status' | 'totpEnabled' | 'createdAt'
>;

const USER_COLUMNS = 'id, email, name, password_hash, email_verified_at, status, totp_enabled, created_at';

/** What the API shows of a user (never the hash). */
export function publicUser(u: UserRow): Record<string, unknown> {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    email_verified: u.email_verified_at !== null,
    email_verified_at: u.email_verified_at,
    two_factor_enabled: u.totp_enabled,
    created_at: u.created_at,
  };
}

/** `passwordHash` instead of `password` when the caller hashed already (sign-up hashes before it knows whether the address is free). */
export async function createUser(
  db: Queryable,
  input: { email: string; name: string } & ({ password: string | null } | { passwordHash: string }),
): Promise<UserRow> {
  const passwordHash =
    'passwordHash' in input
      ? input.passwordHash
      : input.password === null
        ? null
        : await hashPassword(input.password);
  try {
    const row = await one<UserRow>(
      db,
      `INSERT INTO users (email, name, password_hash, password_algo) VALUES ($1, $2, $3, $4) RETURNING ${USER_COLUMNS}`,
      [input.email, input.name, passwordHash, passwordHash === null ? null : PASSWORD_ALGO],
    );
    if (!row) throw new Error('user insert returned no row');
    return row;
  } catch (error) {
    if (isUniqueViolation(error, 'ux_users_email')) {
      throw new ConflictError('email_taken', { details: [{ field: 'email', issue: 'taken' }] });
    }
    throw error;
  }
}

export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  return one<UserRow>(
    db,
    `SELECT ${USER_COLUMNS} FROM users WHERE email = lower(btrim($1)) AND deleted_at IS NULL`,
    [email],
  );
}

export async function findUserById(db: Queryable, id: string): Promise<UserRow | undefined> {
  return one<UserRow>(db, `SELECT ${USER_COLUMNS} FROM users WHERE id = $1 AND deleted_at IS NULL`, [id]);
}

export async function markEmailVerified(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE users SET email_verified_at = coalesce(email_verified_at, now()) WHERE id = $1', [
    userId,
  ]);
}

export async function setPassword(db: Queryable, userId: string, password: string): Promise<void> {
  await db.query(
    'UPDATE users SET password_hash = $2, password_algo = $3, failed_login_count = 0, locked_until = NULL WHERE id = $1',
    [userId, await hashPassword(password), PASSWORD_ALGO],
  );
}
