import type { RowOf } from '@linkhub/shared/server/db/row';
import type { workspaceInvitations } from '@linkhub/shared/server/db/schema/workspaces';
import { markEmailVerified } from './users';
import { ConflictError, NotFoundError } from '@linkhub/shared/errors/app-error';
import { MAIL_LINK_REFUSALS } from './mail-token';
import { generateOpaqueToken, sha256Hex } from './opaque-token';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { isUniqueViolation } from '@linkhub/shared/server/db/errors';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITABLE_ROLES = ['admin', 'editor', 'viewer'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export type InvitationRow = RowOf<
  typeof workspaceInvitations,
  | 'id'
  | 'workspaceId'
  | 'email'
  | 'role'
  | 'isScoped'
  | 'pendingGrants'
  | 'status'
  | 'invitedByUserId'
  | 'expiresAt'
  | 'createdAt'
>;

const INV_COLUMNS =
  'i.id, i.workspace_id, i.email, i.role, i.is_scoped, i.pending_grants, i.status, i.invited_by_user_id, i.expires_at, i.created_at';

export function publicInvitation(i: InvitationRow): Record<string, unknown> {
  return {
    id: i.id,
    email: i.email,
    role: i.role,
    status: i.status,
    expires_at: i.expires_at,
    created_at: i.created_at,
  };
}

/** Expires stale pending invitations of a workspace, so the one-live-invitation index frees the address. */
export async function expireStale(tx: Queryable, workspaceId: string): Promise<void> {
  await tx.query(
    "UPDATE workspace_invitations SET status = 'expired' WHERE workspace_id = $1 AND status = 'pending' AND expires_at <= now()",
    [workspaceId],
  );
}

/** Creates a pending invitation; the raw token is returned once (for the e-mail) and stored hashed. */
export async function createInvitation(
  tx: Queryable,
  input: { workspaceId: string; email: string; role: InvitableRole; invitedByUserId: string },
): Promise<{ invitation: InvitationRow; token: string }> {
  await expireStale(tx, input.workspaceId);
  const member = await one(
    tx,
    'SELECT 1 FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE m.workspace_id = $1 AND m.deleted_at IS NULL AND u.email = lower(btrim($2))',
    [input.workspaceId, input.email],
  );
  if (member)
    throw new ConflictError('already_member', { details: [{ field: 'email', issue: 'already_member' }] });
  const { token, tokenHash } = generateOpaqueToken('lhi_');
  try {
    await tx.query('SAVEPOINT inv_insert');
    const invitation = await one<InvitationRow>(
      tx,
      `INSERT INTO workspace_invitations AS i (workspace_id, email, role, token_hash, invited_by_user_id, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${INV_COLUMNS}`,
      [
        input.workspaceId,
        input.email,
        input.role,
        tokenHash,
        input.invitedByUserId,
        new Date(Date.now() + INVITATION_TTL_MS),
      ],
    );
    await tx.query('RELEASE SAVEPOINT inv_insert');
    if (!invitation) throw new Error('invitation insert returned no row');
    return { invitation, token };
  } catch (error) {
    if (isUniqueViolation(error, 'ux_workspace_invitations_ws_email_pending')) {
      await tx.query('ROLLBACK TO SAVEPOINT inv_insert');
      throw new ConflictError('conflict', {
        message: 'This address already has a pending invitation. Revoke it to send a new one.',
        details: [{ field: 'email', issue: 'invitation_pending' }],
      });
    }
    throw error;
  }
}

export async function listPendingInvitations(db: Queryable, workspaceId: string): Promise<InvitationRow[]> {
  return rows<InvitationRow>(
    db,
    `SELECT ${INV_COLUMNS} FROM workspace_invitations i WHERE i.workspace_id = $1 AND i.status = 'pending' AND i.expires_at > now() ORDER BY i.created_at DESC`,
    [workspaceId],
  );
}

export async function revokeInvitation(
  tx: Queryable,
  workspaceId: string,
  invitationId: string,
): Promise<InvitationRow> {
  const row = await one<InvitationRow>(
    tx,
    `UPDATE workspace_invitations i SET status = 'revoked', revoked_at = now()
      WHERE i.workspace_id = $1 AND i.id = $2 AND i.status = 'pending' RETURNING ${INV_COLUMNS}`,
    [workspaceId, invitationId],
  );
  if (!row) throw new NotFoundError();
  return row;
}

/**
 * Accepts an invitation for the signed-in user (whose address must be the invited one): marks it
 * accepted and creates the membership, single-use by a conditional UPDATE. An unknown, used,
 * revoked or expired token — or someone else's — answers 404 alike; someone else's says which account to use.
 */
export async function acceptInvitation(
  tx: Queryable,
  token: string,
  user: { id: string; email: string },
): Promise<{ invitation: InvitationRow & { workspace_name: string }; memberId: string }> {
  const invitation = await one<InvitationRow & { workspace_name: string }>(
    tx,
    `UPDATE workspace_invitations i SET status = 'accepted', accepted_at = now(), accepted_by_user_id = $2
       FROM workspaces w
      WHERE i.token_hash = $1 AND i.status = 'pending' AND i.expires_at > now() AND i.email = lower(btrim($3))
        AND w.id = i.workspace_id AND w.deleted_at IS NULL
      RETURNING ${INV_COLUMNS}, w.name AS workspace_name`,
    [sha256Hex(token), user.id, user.email],
  );
  if (!invitation) throw new NotFoundError({ message: await refusalOf(tx, token, user.email) });
  const existing = await one(
    tx,
    'SELECT 1 FROM workspace_members WHERE workspace_id = $1 AND user_id = $2 AND deleted_at IS NULL',
    [invitation.workspace_id, user.id],
  );
  if (existing) throw new ConflictError('already_member');
  const member = await one<{ id: string }>(
    tx,
    'INSERT INTO workspace_members (workspace_id, user_id, role, is_scoped, invited_by_user_id, invitation_id) VALUES ($1, $2, $3, false, $4, $5) RETURNING id',
    [invitation.workspace_id, user.id, invitation.role, invitation.invited_by_user_id, invitation.id],
  );
  if (!member) throw new Error('member insert returned no row');
  // The token came in a mail to this very address (checked above), so the address is proven.
  await markEmailVerified(tx, user.id);
  return { invitation, memberId: member.id };
}

/**
 * Why a token cannot be accepted. A live invitation for another address says so (without naming
 * that address: the link's holder has the mail, the point is which account to use); anything else
 * (unknown, used, revoked, expired) reads alike.
 */
async function refusalOf(db: Queryable, token: string, signedInAs: string): Promise<string> {
  const live = await one(
    db,
    `SELECT 1 FROM workspace_invitations i JOIN workspaces w ON w.id = i.workspace_id AND w.deleted_at IS NULL
      WHERE i.token_hash = $1 AND i.status = 'pending' AND i.expires_at > now()`,
    [sha256Hex(token)],
  );
  return live
    ? `This invitation was sent to another address. You are signed in as ${signedInAs}: sign out, then open the link again and sign in with the invited address.`
    : MAIL_LINK_REFUSALS.invitation;
}

/** Re-sends a pending invitation: a fresh token (the old link stops working) and a fresh 7-day window. */
export async function renewInvitation(
  tx: Queryable,
  workspaceId: string,
  invitationId: string,
): Promise<{ invitation: InvitationRow; token: string }> {
  const { token, tokenHash } = generateOpaqueToken('lhi_');
  const invitation = await one<InvitationRow>(
    tx,
    `UPDATE workspace_invitations i SET token_hash = $3, expires_at = $4
      WHERE i.workspace_id = $1 AND i.id = $2 AND i.status = 'pending' RETURNING ${INV_COLUMNS}`,
    [workspaceId, invitationId, tokenHash, new Date(Date.now() + INVITATION_TTL_MS)],
  );
  if (!invitation) throw new NotFoundError();
  return { invitation, token };
}
