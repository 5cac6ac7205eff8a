import type { RowOf } from '@linkhub/shared/server/db/row';
import type { resourceGrants } from '@linkhub/shared/server/db/schema/workspaces';
import { writeAudit } from './audit';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import type { MemberRow } from './members';

/** Grantable resource types (docs/product-rules.md#permissions) and the table each lives in. */
export const GRANTABLE_TABLES = {
  bio_page: 'bio_pages',
  link: 'links',
  qr_code: 'qr_codes',
  folder: 'link_folders',
} as const;
export type GrantableType = keyof typeof GRANTABLE_TABLES;
export const GRANTABLE_TYPES = [
  'bio_page',
  'link',
  'qr_code',
  'folder',
] as const satisfies readonly GrantableType[];

export function isGrantableType(value: unknown): value is GrantableType {
  return typeof value === 'string' && Object.hasOwn(GRANTABLE_TABLES, value);
}

export type GrantRow = RowOf<
  typeof resourceGrants,
  | 'id'
  | 'workspaceId'
  | 'memberId'
  | 'resourceType'
  | 'resourceId'
  | 'source'
  | 'grantedByUserId'
  | 'createdAt'
>;

const GRANT_COLUMNS =
  'g.id, g.workspace_id, g.member_id, g.resource_type, g.resource_id, g.source, g.granted_by_user_id, g.created_at';

export function publicGrant(g: GrantRow): Record<string, unknown> {
  return {
    id: g.id,
    member_id: g.member_id,
    resource_type: g.resource_type,
    resource_id: g.resource_id,
    source: g.source,
    created_at: g.created_at,
  };
}

export async function resourceExists(
  db: Queryable,
  workspaceId: string,
  type: GrantableType,
  resourceId: string,
): Promise<boolean> {
  const found = await one(
    db,
    `SELECT 1 FROM ${GRANTABLE_TABLES[type]} WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL`,
    [resourceId, workspaceId],
  );
  return found !== undefined;
}

/** Grants one resource to a member (idempotent) and marks the membership scoped. */
export async function insertGrant(
  tx: Queryable,
  input: {
    workspaceId: string;
    memberId: string;
    resourceType: GrantableType;
    resourceId: string;
    source: GrantRow['source'];
    grantedByUserId: string | null;
  },
): Promise<{ grant: GrantRow; created: boolean }> {
  const inserted = await one<GrantRow>(
    tx,
    `INSERT INTO resource_grants AS g (workspace_id, member_id, resource_type, resource_id, source, granted_by_user_id)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (member_id, resource_type, resource_id) DO NOTHING
     RETURNING ${GRANT_COLUMNS}`,
    [
      input.workspaceId,
      input.memberId,
      input.resourceType,
      input.resourceId,
      input.source,
      input.grantedByUserId,
    ],
  );
  await tx.query('UPDATE workspace_members SET is_scoped = true WHERE id = $1 AND NOT is_scoped', [
    input.memberId,
  ]);
  if (inserted) return { grant: inserted, created: true };
  const existing = await one<GrantRow>(
    tx,
    `SELECT ${GRANT_COLUMNS} FROM resource_grants g WHERE g.member_id = $1 AND g.resource_type = $2 AND g.resource_id = $3`,
    [input.memberId, input.resourceType, input.resourceId],
  );
  if (!existing) throw new Error('grant vanished');
  return { grant: existing, created: false };
}

/** Revokes every grant of a member at once: the member becomes unscoped (rule 5). */
export async function unscopeMember(tx: Queryable, workspaceId: string, memberId: string): Promise<number> {
  const deleted = await tx.query('DELETE FROM resource_grants WHERE workspace_id = $1 AND member_id = $2', [
    workspaceId,
    memberId,
  ]);
  await tx.query('UPDATE workspace_members SET is_scoped = false WHERE id = $1 AND workspace_id = $2', [
    memberId,
    workspaceId,
  ]);
  return deleted.rowCount ?? 0;
}

export async function listGrants(db: Queryable, workspaceId: string, memberId?: string): Promise<GrantRow[]> {
  return rows<GrantRow>(
    db,
    `SELECT ${GRANT_COLUMNS} FROM resource_grants g WHERE g.workspace_id = $1 AND ($2::uuid IS NULL OR g.member_id = $2::uuid) ORDER BY g.created_at`,
    [workspaceId, memberId ?? null],
  );
}

export async function grantsOf(
  db: Queryable,
  memberId: string,
): Promise<Array<{ resource_type: GrantableType; resource_id: string }>> {
  return rows(db, 'SELECT resource_type, resource_id FROM resource_grants WHERE member_id = $1', [memberId]);
}

export async function hasGrant(
  db: Queryable,
  memberId: string,
  type: GrantableType,
  resourceId: string,
): Promise<boolean> {
  return (
    (await one(
      db,
      'SELECT 1 FROM resource_grants WHERE member_id = $1 AND resource_type = $2 AND resource_id = $3',
      [memberId, type, resourceId],
    )) !== undefined
  );
}

/**
 * A scoped creator keeps access to what they create (docs/product-rules.md#permissions), for the command layer: call inside the transaction that inserts the
 * resource. When the creating membership is scoped, it gets a grant on the new resource
 * (source `auto_on_create`) and the grant is audited; an unscoped member needs none.
 */
export async function autoGrantOnCreate(
  tx: Queryable,
  membership: Pick<MemberRow, 'id' | 'workspace_id' | 'user_id' | 'is_scoped'>,
  resourceType: GrantableType,
  resourceId: string,
  opts: { requestId?: string | null } = {},
): Promise<GrantRow | null> {
  if (!membership.is_scoped) return null;
  const { grant, created } = await insertGrant(tx, {
    workspaceId: membership.workspace_id,
    memberId: membership.id,
    resourceType,
    resourceId,
    source: 'auto_on_create',
    grantedByUserId: membership.user_id,
  });
  if (created) {
    await writeAudit(tx, {
      workspaceId: membership.workspace_id,
      actor: { type: 'user', userId: membership.user_id },
      action: 'grant.created',
      resourceType,
      resourceId,
      after: { member_id: membership.id, source: 'auto_on_create' },
      metadata: { source: 'auto_on_create' },
      requestId: opts.requestId ?? null,
    });
  }
  return grant;
}
