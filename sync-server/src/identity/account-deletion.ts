import type { workspaces } from '@linkhub/shared/server/db/schema/workspaces';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { endMembership, type MemberRow } from './members';
import { revokeAllSessions } from './sessions';

/** Live workspaces this user owns: each blocks account deletion until transferred or deleted (docs/product-rules.md#permissions). */
export async function soleOwnedWorkspaces(
  db: Queryable,
  userId: string,
): Promise<Array<{ id: string; name: string }>> {
  return rows<RowOf<typeof workspaces, 'id' | 'name'>>(
    db,
    'SELECT id, name FROM workspaces WHERE owner_user_id = $1 AND deleted_at IS NULL ORDER BY created_at',
    [userId],
  );
}

/**
 * Deletes an account by anonymising it, in the caller's transaction (after authorize allowed
 * `account.delete`): every non-owner membership ends (grants and the member's API keys go with it),
 * every session ends, sign-in secrets are removed, and the user row keeps only its id — the audit
 * trail and soft-deleted workspaces still reference it, and the e-mail address is free again.
 * Content is never touched: links, QR codes and their slug reservations belong to workspaces, so a
 * printed code keeps resolving.
 */
export async function anonymiseAccount(
  tx: Queryable,
  userId: string,
): Promise<{ membershipsEnded: number; sessionsEnded: number }> {
  const memberships = await rows<MemberRow>(
    tx,
    "SELECT id, workspace_id, user_id, role, is_scoped, joined_at, deleted_at FROM workspace_members WHERE user_id = $1 AND deleted_at IS NULL AND role <> 'owner'",
    [userId],
  );
  for (const member of memberships) await endMembership(tx, member, userId);
  const sessionsEnded = await revokeAllSessions(tx, userId);
  for (const table of [
    'user_identities',
    'totp_secrets',
    'recovery_codes',
    'email_verification_tokens',
    'password_reset_tokens',
    'magic_link_tokens',
    'email_change_requests',
  ] as const) {
    await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
  }
  await tx.query(
    `UPDATE users SET email = 'deleted-' || id || '@deleted.invalid', name = '', password_hash = NULL, password_algo = NULL,
       avatar_url = NULL, totp_enabled = false, status = 'deleted', deletion_requested_at = coalesce(deletion_requested_at, now()), deleted_at = now()
     WHERE id = $1`,
    [userId],
  );
  return { membershipsEnded: memberships.length, sessionsEnded };
}
