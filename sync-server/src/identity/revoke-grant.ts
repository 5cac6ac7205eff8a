import type { resourceGrants } from '@linkhub/shared/server/db/schema/workspaces';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { z } from 'zod';
import { ConflictError, NotFoundError } from '@linkhub/shared/errors/app-error';
import { one, type Queryable } from '@linkhub/shared/server/db/sql';
import { unscopeMember, type GrantRow } from './grants';
import { endMembership, lockMember, type MemberRow } from './members';

/**
 * What the caller wants when the grant being revoked turns out to be the member's last one
 * (D-510): a member with no grants is unscoped, so dropping the last grant widens access unless the
 * member leaves. Neither happens unless the request names it.
 */
export const LAST_GRANT_CHOICES = ['unscope', 'remove_member'] as const;
export type LastGrantChoice = (typeof LAST_GRANT_CHOICES)[number];
export const revokeGrantQuerySchema = z.strictObject({ then: z.enum(LAST_GRANT_CHOICES).optional() });

/** What an unscoped member of this workspace would see: every live bio page, link and QR code. */
export type WorkspaceContentCounts = { links: number; bio_pages: number; qr_codes: number };

export async function workspaceContentCounts(
  db: Queryable,
  workspaceId: string,
): Promise<WorkspaceContentCounts> {
  const row = await one<{ links: string; bio_pages: string; qr_codes: string }>(
    db,
    `SELECT (SELECT count(*) FROM links WHERE workspace_id = $1 AND deleted_at IS NULL) AS links,
            (SELECT count(*) FROM bio_pages WHERE workspace_id = $1 AND deleted_at IS NULL) AS bio_pages,
            (SELECT count(*) FROM qr_codes WHERE workspace_id = $1 AND deleted_at IS NULL) AS qr_codes`,
    [workspaceId],
  );
  return {
    links: Number(row?.links ?? 0),
    bio_pages: Number(row?.bio_pages ?? 0),
    qr_codes: Number(row?.qr_codes ?? 0),
  };
}

export type RevokeOutcome = {
  grant: GrantRow;
  member: MemberRow;
  /** `revoked`: other grants remain; `unscoped` / `member_removed`: the last grant went, as the request asked. */
  outcome: 'revoked' | 'unscoped' | 'member_removed';
  grantsDeleted: number;
};

/**
 * Revokes one grant inside `tx`. The member row is locked first so two revocations of a member's
 * last two grants cannot both see "one left" and leave an unscoped member behind. The last grant
 * answers 409 `last_grant` (naming the choices and what the member would see unscoped) unless
 * `then` says what happens to the membership.
 */
export async function revokeGrant(
  tx: Queryable,
  input: { workspaceId: string; grantId: string; then: LastGrantChoice | undefined; actorUserId: string },
): Promise<RevokeOutcome> {
  const found = await one<RowOf<typeof resourceGrants, 'memberId'>>(
    tx,
    'SELECT member_id FROM resource_grants WHERE id = $1 AND workspace_id = $2',
    [input.grantId, input.workspaceId],
  );
  if (!found) throw new NotFoundError();
  const member = await lockMember(tx, input.workspaceId, found.member_id);
  const grant = await one<GrantRow>(
    tx,
    `SELECT g.id, g.workspace_id, g.member_id, g.resource_type, g.resource_id, g.source, g.granted_by_user_id, g.created_at
       FROM resource_grants g WHERE g.id = $1 AND g.member_id = $2`,
    [input.grantId, member.id],
  );
  if (!grant) throw new NotFoundError();
  const others = await one(tx, 'SELECT 1 FROM resource_grants WHERE member_id = $1 AND id <> $2 LIMIT 1', [
    member.id,
    grant.id,
  ]);
  if (others) {
    await tx.query('DELETE FROM resource_grants WHERE id = $1', [grant.id]);
    return { grant, member, outcome: 'revoked', grantsDeleted: 1 };
  }
  if (input.then === 'unscope') {
    const grantsDeleted = await unscopeMember(tx, input.workspaceId, member.id);
    return { grant, member, outcome: 'unscoped', grantsDeleted };
  }
  if (input.then === 'remove_member') {
    const ended = await endMembership(tx, member, input.actorUserId);
    return { grant, member, outcome: 'member_removed', grantsDeleted: ended.grantsDeleted };
  }
  const counts = await workspaceContentCounts(tx, input.workspaceId);
  throw new ConflictError('last_grant', {
    details: [
      {
        field: 'then',
        issue: 'last_grant',
        options: [...LAST_GRANT_CHOICES],
        member_id: member.id,
        role: member.role,
        links: counts.links,
        bio_pages: counts.bio_pages,
        qr_codes: counts.qr_codes,
      },
    ],
  });
}
