import type { RowOf } from '@linkhub/shared/server/db/row';
import type { workspaceMembers } from '@linkhub/shared/server/db/schema/workspaces';
import { ConflictError, NotFoundError } from '@linkhub/shared/errors/app-error';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';

export type MemberRow = RowOf<
  typeof workspaceMembers,
  'id' | 'workspaceId' | 'userId' | 'role' | 'isScoped' | 'joinedAt' | 'deletedAt'
>;

const MEMBER_COLUMNS = 'm.id, m.workspace_id, m.user_id, m.role, m.is_scoped, m.joined_at, m.deleted_at';

export async function findMembership(
  db: Queryable,
  workspaceId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  return one<MemberRow>(
    db,
    `SELECT ${MEMBER_COLUMNS} FROM workspace_members m WHERE m.workspace_id = $1 AND m.user_id = $2 AND m.deleted_at IS NULL`,
    [workspaceId, userId],
  );
}

export async function findMemberById(
  db: Queryable,
  workspaceId: string,
  memberId: string,
): Promise<MemberRow | undefined> {
  return one<MemberRow>(
    db,
    `SELECT ${MEMBER_COLUMNS} FROM workspace_members m WHERE m.workspace_id = $1 AND m.id = $2 AND m.deleted_at IS NULL`,
    [workspaceId, memberId],
  );
}

/** Same, locking the row for the rest of the transaction (role changes, removal, transfer). */
export async function lockMember(tx: Queryable, workspaceId: string, memberId: string): Promise<MemberRow> {
  const row = await one<MemberRow>(
    tx,
    `SELECT ${MEMBER_COLUMNS} FROM workspace_members m WHERE m.workspace_id = $1 AND m.id = $2 AND m.deleted_at IS NULL FOR UPDATE`,
    [workspaceId, memberId],
  );
  if (!row) throw new NotFoundError();
  return row;
}

export async function listMembers(
  db: Queryable,
  workspaceId: string,
): Promise<Array<MemberRow & { email: string; name: string; grant_count: string }>> {
  return rows(
    db,
    `SELECT ${MEMBER_COLUMNS}, u.email, u.name,
            (SELECT count(*) FROM resource_grants g WHERE g.member_id = m.id) AS grant_count
       FROM workspace_members m JOIN users u ON u.id = m.user_id
      WHERE m.workspace_id = $1 AND m.deleted_at IS NULL
      ORDER BY CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 WHEN 'editor' THEN 2 ELSE 3 END, m.joined_at`,
    [workspaceId],
  );
}

/** Seats in use: live members plus pending invitations (an invitation reserves its seat). */
export async function seatsInUse(db: Queryable, workspaceId: string): Promise<number> {
  const row = await one<{ n: string }>(
    db,
    `SELECT (SELECT count(*) FROM workspace_members WHERE workspace_id = $1 AND deleted_at IS NULL)
          + (SELECT count(*) FROM workspace_invitations WHERE workspace_id = $1 AND status = 'pending' AND expires_at > now()) AS n`,
    [workspaceId],
  );
  return Number(row?.n ?? 0);
}

export async function setRole(tx: Queryable, memberId: string, role: MemberRow['role']): Promise<void> {
  await tx.query('UPDATE workspace_members SET role = $2 WHERE id = $1', [memberId, role]);
}

/**
 * Ends a membership (docs/product-rules.md#permissions): soft-deletes it and deletes all its grants
 * (the auto-created ones too) in the caller's transaction. Content is never touched. The owner's
 * membership is refused (409 last_owner_required) — ownership moves only by transfer.
 */
export async function endMembership(
  tx: Queryable,
  member: MemberRow,
  removedByUserId: string | null,
): Promise<{ grantsDeleted: number }> {
  if (member.role === 'owner') {
    throw new ConflictError('last_owner_required', {
      message:
        'The owner cannot leave or be removed. Transfer ownership to another member, or delete the workspace.',
      details: [
        {
          field: 'member_id',
          issue: 'last_owner_required',
          options: ['transfer_ownership', 'delete_workspace'],
        },
      ],
    });
  }
  const grants = await tx.query('DELETE FROM resource_grants WHERE workspace_id = $1 AND member_id = $2', [
    member.workspace_id,
    member.id,
  ]);
  await tx.query(
    'UPDATE workspace_members SET deleted_at = now(), removed_by_user_id = $2, is_scoped = false WHERE id = $1',
    [member.id, removedByUserId],
  );
  await tx.query(
    'UPDATE api_keys SET revoked_at = now(), revoked_by_user_id = $2 WHERE workspace_id = $3 AND created_by_member_id = $1 AND revoked_at IS NULL',
    [member.id, removedByUserId, member.workspace_id],
  );
  return { grantsDeleted: grants.rowCount ?? 0 };
}

/**
 * Moves ownership (docs/product-rules.md#permissions): the old owner becomes Admin, the target becomes Owner (unscoped,
 * grants cleared), and workspaces.owner_user_id follows — one transaction, checked at commit by the
 * deferred one-owner trigger.
 */
export async function transferOwnership(
  tx: Queryable,
  workspaceId: string,
  from: MemberRow,
  to: MemberRow,
): Promise<void> {
  await tx.query('DELETE FROM resource_grants WHERE workspace_id = $1 AND member_id = $2', [
    workspaceId,
    to.id,
  ]);
  await tx.query("UPDATE workspace_members SET role = 'admin' WHERE id = $1", [from.id]);
  await tx.query("UPDATE workspace_members SET role = 'owner', is_scoped = false WHERE id = $1", [to.id]);
  await tx.query('UPDATE workspaces SET owner_user_id = $2 WHERE id = $1', [workspaceId, to.user_id]);
}
