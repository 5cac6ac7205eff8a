import { authorize, type AuthorizeInput, type ResourceInput } from '@linkhub/shared/permissions/authorize';
import { assertAllowed } from '@linkhub/shared/permissions/decision';
import { MATRIX, type Action, type TargetType } from '@linkhub/shared/permissions/matrix';
import { isPlanKey, type QuotaField } from '@linkhub/shared/entitlements/plans';
import { one, type Queryable } from '../accounts/db';
import type { CommandActor } from './types';

export type ResourceRef = { type: TargetType; id: string };

type WorkspaceRow = {
  id: string;
  current_plan_key: string;
  deleted_at: Date | null;
  writes_blocked: boolean;
  require_two_factor: boolean | null;
};
type MemberRow = { id: string; role: 'owner' | 'admin' | 'editor' | 'viewer' };

/** Where each grantable resource lives, and the quota counts of spec §22.2.5 (archived and QR-pinned excluded). */
const RESOURCE_TABLES: Partial<Record<TargetType, string>> = {
  link: 'links',
  qr_code: 'qr_codes',
  bio_page: 'bio_pages',
  domain: 'custom_domains',
  workspace: 'workspaces',
};

const USAGE_QUERIES: Record<Exclude<QuotaField, 'workspaces'>, string> = {
  links:
    'SELECT count(*) AS n FROM links WHERE workspace_id = $1 AND deleted_at IS NULL AND archived_at IS NULL AND qr_code_id IS NULL',
  qr_codes:
    'SELECT count(*) AS n FROM qr_codes WHERE workspace_id = $1 AND deleted_at IS NULL AND archived_at IS NULL',
  bio_pages:
    'SELECT count(*) AS n FROM bio_pages WHERE workspace_id = $1 AND deleted_at IS NULL AND archived_at IS NULL',
  custom_domains: 'SELECT count(*) AS n FROM custom_domains WHERE workspace_id = $1 AND deleted_at IS NULL',
  members: 'SELECT count(*) AS n FROM workspace_members WHERE workspace_id = $1 AND deleted_at IS NULL',
};

async function loadResource(
  db: Queryable,
  workspaceId: string,
  ref: ResourceRef,
): Promise<ResourceInput | null> {
  const table = RESOURCE_TABLES[ref.type];
  if (!table) return null;
  if (ref.type === 'workspace')
    return ref.id === workspaceId ? { type: 'workspace', id: ref.id, workspace_id: workspaceId } : null;
  const pinned = ref.type === 'link' ? ', qr_code_id IS NOT NULL AS pinned' : ', false AS pinned';
  const lockable =
    ref.type === 'domain' ? 'false AS locked, NULL::timestamptz AS archived_at' : 'locked, archived_at';
  const row = await one<{
    id: string;
    workspace_id: string;
    deleted_at: Date | null;
    archived_at: Date | null;
    locked: boolean;
    pinned: boolean;
  }>(
    db,
    `SELECT id, workspace_id, deleted_at, ${lockable}${pinned} FROM ${table} WHERE id = $1 AND workspace_id = $2`,
    [ref.id, workspaceId],
  );
  if (!row || row.deleted_at !== null) return null;
  return {
    type: ref.type,
    id: row.id,
    workspace_id: row.workspace_id,
    archived: row.archived_at !== null,
    locked_by_downgrade: row.locked,
    pinned_to_qr_code: row.pinned,
  };
}

/** Everything authorize() needs for one command, loaded inside the command's transaction. */
export async function loadAuthorizeInput(
  db: Queryable,
  by: CommandActor,
  action: Action,
  workspaceId: string,
  resourceRef?: ResourceRef,
  extra: Pick<AuthorizeInput, 'uses_features' | 'requested_role'> = {},
): Promise<AuthorizeInput> {
  // One round trip: the workspace, the actor's live membership and its grants.
  const found = await one<
    WorkspaceRow & {
      member_id: string | null;
      role: MemberRow['role'] | null;
      grants: Array<{ resource_type: string; resource_id: string }>;
    }
  >(
    db,
    `SELECT w.id, w.current_plan_key, w.deleted_at, w.writes_blocked, false AS require_two_factor,
            m.id AS member_id, m.role,
            COALESCE((SELECT json_agg(json_build_object('resource_type', g.resource_type, 'resource_id', g.resource_id))
                        FROM resource_grants g WHERE g.member_id = m.id), '[]'::json) AS grants
       FROM workspaces w
       LEFT JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = $2 AND m.deleted_at IS NULL
      WHERE w.id = $1`,
    [workspaceId, by.userId],
  );
  const workspace = found;
  const member = found?.member_id && found.role ? { id: found.member_id, role: found.role } : undefined;
  const grants = member ? (found?.grants ?? []) : [];
  const usage: Partial<Record<QuotaField, number>> = {};
  const quotaField = quotaOf(action);
  if (workspace && quotaField && quotaField !== 'workspaces') {
    const counted = await one<{ n: string }>(db, USAGE_QUERIES[quotaField], [workspaceId]);
    usage[quotaField] = Number(counted?.n ?? 0);
  }
  return {
    actor: by.actor,
    action,
    workspaceId,
    workspace: workspace
      ? {
          id: workspace.id,
          plan: isPlanKey(workspace.current_plan_key) ? workspace.current_plan_key : 'free',
          deleted: workspace.deleted_at !== null,
          require_two_factor: workspace.require_two_factor === true,
          billing: { writes_blocked: workspace.writes_blocked },
        }
      : null,
    membership: member ? { id: member.id, role: member.role, status: 'active', grants } : null,
    resource: resourceRef && workspace ? await loadResource(db, workspaceId, resourceRef) : undefined,
    usage,
    ...extra,
  };
}

function quotaOf(action: Action): QuotaField | undefined {
  const row: { quota?: QuotaField } = MATRIX[action];
  return row.quota;
}

/** The one gate every command passes: load, authorize, throw the denial as the envelope's error. */
export async function authorizeCommand(
  db: Queryable,
  by: CommandActor,
  action: Action,
  workspaceId: string,
  resourceRef?: ResourceRef,
  extra?: Pick<AuthorizeInput, 'uses_features' | 'requested_role'>,
): Promise<void> {
  assertAllowed(authorize(await loadAuthorizeInput(db, by, action, workspaceId, resourceRef, extra)));
}
