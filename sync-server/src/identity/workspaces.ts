import type { RowOf } from '@linkhub/shared/server/db/row';
import type { billingAccounts, workspaces } from '@linkhub/shared/server/db/schema/workspaces';
import { randomBytes } from 'node:crypto';
import { ConflictError, GoneError, NotFoundError } from '@linkhub/shared/errors/app-error';
import { isPlanKey, type PlanKey } from '@linkhub/shared/entitlements/plans';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { isUniqueViolation } from '@linkhub/shared/server/db/errors';

/** A soft-deleted workspace can be restored by its owner for this long, then the worker purges it. */
export const WORKSPACE_RESTORE_DAYS = 30;

import type { Branding } from '@linkhub/shared/schemas/workspaces';
import { readableSlug } from '@linkhub/shared/url/readable-slug';
export { brandingSchema, workspaceNameSchema, type Branding } from '@linkhub/shared/schemas/workspaces';

export type WorkspaceRow = RowOf<
  typeof workspaces,
  | 'id'
  | 'name'
  | 'slug'
  | 'ownerUserId'
  | 'billingAccountId'
  | 'currentPlanKey'
  | 'billingStatus'
  | 'writesBlocked'
  | 'requireTwoFactor'
  | 'branding'
  | 'deletedAt'
  | 'purgeAfter'
  | 'createdAt'
>;

const WS_COLUMNS =
  'w.id, w.name, w.slug, w.owner_user_id, w.billing_account_id, w.current_plan_key, w.billing_status, w.writes_blocked, w.require_two_factor, w.branding, w.deleted_at, w.purge_after, w.created_at';

export function planOf(w: { current_plan_key: string }): PlanKey {
  return isPlanKey(w.current_plan_key) ? w.current_plan_key : 'free';
}

export function publicWorkspace(w: WorkspaceRow, role?: string): Record<string, unknown> {
  return {
    id: w.id,
    name: w.name,
    slug: w.slug,
    plan: planOf(w),
    branding: w.branding,
    require_two_factor: w.require_two_factor,
    ...(role === undefined ? {} : { role }),
    deleted_at: w.deleted_at,
    restorable_until: w.purge_after,
    created_at: w.created_at,
  };
}

function slugBase(name: string): string {
  return readableSlug(name, 40) || 'workspace';
}

/**
 * The billing account a user's new workspaces go under: the oldest they own, created on
 * `newAccountPlan` (the server's default plan, D-511) if none.
 */
export async function billingAccountFor(
  db: Queryable,
  userId: string,
  newAccountPlan: PlanKey,
): Promise<{ id: string; plan_key: PlanKey }> {
  const found = await one<RowOf<typeof billingAccounts, 'id' | 'planKey'>>(
    db,
    'SELECT id, plan_key FROM billing_accounts WHERE owner_user_id = $1 ORDER BY created_at, id LIMIT 1',
    [userId],
  );
  const row =
    found ??
    (await one<RowOf<typeof billingAccounts, 'id' | 'planKey'>>(
      db,
      'INSERT INTO billing_accounts (owner_user_id, plan_key) VALUES ($1, $2) RETURNING id, plan_key',
      [userId, newAccountPlan],
    ));
  if (!row) throw new Error('billing account insert returned no row');
  return { id: row.id, plan_key: isPlanKey(row.plan_key) ? row.plan_key : 'free' };
}

export async function countActiveWorkspaces(db: Queryable, billingAccountId: string): Promise<number> {
  const row = await one<{ n: string }>(
    db,
    'SELECT count(*) AS n FROM workspaces WHERE billing_account_id = $1 AND deleted_at IS NULL',
    [billingAccountId],
  );
  return Number(row?.n ?? 0);
}

/** Inserts the workspace and its owner membership (the deferred one-owner check passes at commit). */
export async function insertWorkspace(
  tx: Queryable,
  input: { name: string; ownerUserId: string; billingAccountId: string; plan: PlanKey },
): Promise<{ workspace: WorkspaceRow; ownerMemberId: string }> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const slug = `${slugBase(input.name)}-${randomBytes(3).toString('hex')}`;
    try {
      await tx.query('SAVEPOINT ws_insert');
      const workspace = await one<WorkspaceRow>(
        tx,
        `INSERT INTO workspaces AS w (name, slug, owner_user_id, billing_account_id, current_plan_key)
         VALUES ($1, $2, $3, $4, $5) RETURNING ${WS_COLUMNS}`,
        [input.name, slug, input.ownerUserId, input.billingAccountId, input.plan],
      );
      await tx.query('RELEASE SAVEPOINT ws_insert');
      if (!workspace) throw new Error('workspace insert returned no row');
      const member = await one<{ id: string }>(
        tx,
        "INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'owner') RETURNING id",
        [workspace.id, input.ownerUserId],
      );
      if (!member) throw new Error('member insert returned no row');
      return { workspace, ownerMemberId: member.id };
    } catch (error) {
      if (!isUniqueViolation(error, 'ux_workspaces_slug')) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT ws_insert');
    }
  }
  throw new ConflictError('conflict', { message: 'Could not allocate a workspace address; try again.' });
}

export async function findWorkspace(db: Queryable, id: string): Promise<WorkspaceRow | undefined> {
  return one<WorkspaceRow>(db, `SELECT ${WS_COLUMNS} FROM workspaces w WHERE w.id = $1`, [id]);
}

/** The switcher: live workspaces the user belongs to, plus deleted ones they own that can still be restored. */
export async function listWorkspacesForUser(
  db: Queryable,
  userId: string,
): Promise<Array<WorkspaceRow & { role: string; member_id: string; is_scoped: boolean }>> {
  return rows(
    db,
    `SELECT ${WS_COLUMNS}, m.role, m.id AS member_id, m.is_scoped
       FROM workspace_members m JOIN workspaces w ON w.id = m.workspace_id
      WHERE m.user_id = $1 AND m.deleted_at IS NULL
        AND (w.deleted_at IS NULL OR (m.role = 'owner' AND w.purge_after > now()))
      ORDER BY w.deleted_at NULLS FIRST, w.created_at`,
    [userId],
  );
}

export async function updateWorkspace(
  tx: Queryable,
  id: string,
  patch: { name?: string; branding?: Branding },
): Promise<WorkspaceRow> {
  const row = await one<WorkspaceRow>(
    tx,
    `UPDATE workspaces w SET name = coalesce($2, w.name),
            branding = CASE WHEN $3::jsonb IS NULL THEN w.branding ELSE jsonb_strip_nulls(w.branding || $3::jsonb) END
      WHERE w.id = $1 AND w.deleted_at IS NULL RETURNING ${WS_COLUMNS}`,
    [id, patch.name ?? null, patch.branding === undefined ? null : JSON.stringify(patch.branding)],
  );
  if (!row) throw new NotFoundError();
  return row;
}

export async function softDeleteWorkspace(tx: Queryable, id: string): Promise<WorkspaceRow> {
  const row = await one<WorkspaceRow>(
    tx,
    `UPDATE workspaces w SET deleted_at = now(), purge_after = now() + make_interval(days => $2)
      WHERE w.id = $1 AND w.deleted_at IS NULL RETURNING ${WS_COLUMNS}`,
    [id, WORKSPACE_RESTORE_DAYS],
  );
  if (!row) throw new NotFoundError();
  return row;
}

export async function restoreWorkspace(tx: Queryable, id: string): Promise<WorkspaceRow> {
  try {
    const row = await one<WorkspaceRow>(
      tx,
      `UPDATE workspaces w SET deleted_at = NULL, purge_after = NULL
        WHERE w.id = $1 AND w.deleted_at IS NOT NULL AND w.purge_after > now() RETURNING ${WS_COLUMNS}`,
      [id],
    );
    if (!row)
      throw new GoneError('workspace_deleted', {
        message: 'The restore window of this workspace has passed.',
      });
    return row;
  } catch (error) {
    if (isUniqueViolation(error, 'ux_workspaces_slug'))
      throw new ConflictError('conflict', { message: 'Another workspace now uses this address.' });
    throw error;
  }
}
