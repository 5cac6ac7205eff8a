import type { leads } from '@linkhub/shared/server/db/schema/bio-pages';
import type { apiKeys } from '@linkhub/shared/server/db/schema/api';
import type { workspaceInvitations, workspaceMembers } from '@linkhub/shared/server/db/schema/workspaces';
import type { RowOf } from '@linkhub/shared/server/db/row';
import {
  authorize,
  type AuthorizeInput,
  type Decision,
  type MembershipInput,
  type ResourceInput,
  type WorkspaceInput,
} from '@linkhub/shared/permissions/authorize';
import { MATRIX, type Action, type TargetType } from '@linkhub/shared/permissions/matrix';
import { isRole } from '@linkhub/shared/permissions/conditions';
import type { Actor } from '@linkhub/shared/permissions/input';
import { limitFor } from '@linkhub/shared/entitlements/plans';
import { deriveBillingState } from '@linkhub/shared/billing/billing-state';
import { denialError } from '@linkhub/shared/permissions/decision';
import { isUuidText } from '@linkhub/shared/server/db/ids';
import { one, type Queryable } from '@linkhub/shared/server/db/sql';
import type { RequestActor } from '../identity/actor';
import { quotaUsageForCreate } from './quota-usage';
import { BILLING_FACTS_COLUMNS, billingFactsOf, type BillingFactsRow } from './billing-facts';
import { WEBHOOK_LISTENERS_COLUMN, type WebhookListener } from './webhook-listeners';
import * as folders from './folder-containers';

/** What a request addresses, as `{type, id}` (e.g. `{type: 'link', id}` or `{type: 'member', id}`). */
export type ResourceRef = { readonly type: TargetType; readonly id: string };

export type LoadedContext = Omit<AuthorizeInput, 'action'> & {
  /** The workspace's active webhook endpoints (empty when nothing was loaded): a command's event needs no second query. */
  readonly webhookListeners: readonly WebhookListener[];
  /** The user ids of the workspace's live members, when asked for (`memberUserIds`): whom a command's commit pokes. */
  readonly memberUserIds: readonly string[] | null;
  /** The actor's live membership row id and user id (for an API key: the creating membership). */
  readonly membershipRow: {
    id: string;
    user_id: string;
    role: string;
    workspace_id: string;
    is_scoped: boolean;
  } | null;
};

/** The authorize() input of a command, with what the same load told about the workspace's webhook endpoints. */
export type CommandAuthorizeInput = AuthorizeInput & {
  readonly webhookListeners: readonly WebhookListener[];
  readonly memberUserIds: readonly string[] | null;
};

/** What else one load may read in the same statement. */
export type LoadOptions = { readonly memberUserIds?: boolean };

type MemberLoad = { id: string; user_id: string; role: string; workspace_id: string; is_scoped: boolean };
type WorkspaceLoad = BillingFactsRow & {
  id: string;
  deleted_at: Date | null;
  require_two_factor: boolean;
  member: (MemberLoad & { grants: Array<{ resource_type: string; resource_id: string }> }) | null;
  webhook_listeners: WebhookListener[];
  member_user_ids?: string[];
  key_live?: boolean | null;
};

/** Whether the request's API key is still unrevoked and unexpired, read afresh (its row may come from ApiKeyRows). */
const KEY_LIVE_COLUMN = `(SELECT k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > now())
               FROM api_keys k WHERE k.id = $3) AS key_live`;

/** The workspace's live members (a command runs none of the member changes: those live outside the runner). */
const MEMBER_USER_IDS_COLUMN = `(SELECT COALESCE(array_agg(DISTINCT mm.user_id::text), '{}')
               FROM workspace_members mm WHERE mm.workspace_id = w.id AND mm.deleted_at IS NULL AND mm.user_id IS NOT NULL) AS member_user_ids`;

/**
 * The workspace and the actor's live membership with its grants, in one round trip (authorize runs
 * once per mutation of a push). An API key acts as the membership that created it.
 */
async function loadWorkspaceAndMembership(
  db: Queryable,
  actor: RequestActor,
  workspaceId: string,
  options: LoadOptions,
): Promise<{
  workspace: WorkspaceInput | null;
  membership: { input: MembershipInput; row: MemberLoad } | null;
  webhookListeners: readonly WebhookListener[];
  memberUserIds: readonly string[] | null;
  keyLive: boolean;
}> {
  const memberMatch = actor.kind === 'user' ? 'm.user_id = $2' : 'm.id = $2';
  const memberKey = actor.kind === 'user' ? actor.user.id : actor.apiKey.created_by_member_id;
  const w = await one<WorkspaceLoad>(
    db,
    `SELECT w.id, w.deleted_at, w.require_two_factor, ${BILLING_FACTS_COLUMNS},
            (SELECT json_build_object('id', m.id, 'user_id', m.user_id, 'role', m.role, 'workspace_id', m.workspace_id,
                                      'is_scoped', m.is_scoped,
                                      'grants', COALESCE((SELECT json_agg(json_build_object('resource_type', g.resource_type, 'resource_id', g.resource_id))
                                                            FROM resource_grants g WHERE g.member_id = m.id), '[]'::json))
               FROM workspace_members m WHERE m.workspace_id = w.id AND ${memberMatch} AND m.deleted_at IS NULL) AS member,
            ${WEBHOOK_LISTENERS_COLUMN} AS webhook_listeners${options.memberUserIds ? `, ${MEMBER_USER_IDS_COLUMN}` : ''}
            ${actor.kind === 'api_key' ? `, ${KEY_LIVE_COLUMN}` : ''}
       FROM workspaces w WHERE w.id = $1`,
    actor.kind === 'api_key' ? [workspaceId, memberKey, actor.apiKey.id] : [workspaceId, memberKey],
  );
  if (!w)
    return { workspace: null, membership: null, webhookListeners: [], memberUserIds: null, keyLive: true };
  const keyLive = actor.kind !== 'api_key' || w.key_live === true;
  // Step 8a reads billing only through the one derivation (shared/src/billing/billing-state.ts).
  const billing = deriveBillingState(billingFactsOf(w), new Date());
  const workspace: WorkspaceInput = {
    id: w.id,
    plan: billing.plan,
    deleted: w.deleted_at !== null,
    require_two_factor: w.require_two_factor,
    billing: {
      writes_blocked: billing.writes_blocked,
      grace_ends_at: billing.grace_ends_at,
      invoice_url: billing.invoice_url,
    },
  };
  const webhookListeners = w.webhook_listeners;
  const memberUserIds = w.member_user_ids ?? null;
  const loaded = w.member;
  if (!loaded || !isRole(loaded.role))
    return { workspace, membership: null, webhookListeners, memberUserIds, keyLive };
  const { grants, ...row } = loaded;
  return {
    workspace,
    membership: { input: { id: row.id, role: loaded.role, status: 'active', grants }, row },
    webhookListeners,
    memberUserIds,
    keyLive,
  };
}

const CONTENT_TABLES: Partial<Record<TargetType, string>> = {
  bio_page: 'bio_pages',
  link: 'links',
  qr_code: 'qr_codes',
};

type ContentLoad = {
  id: string;
  workspace_id: string;
  deleted_at: Date | null;
  archived_at: Date | null;
  locked: boolean;
  edit_locked: boolean;
  pinned: boolean;
} & folders.FolderColumns;

/** Loads the addressed resource in the shape authorize() takes; null when it does not exist. */
export async function loadResource(
  db: Queryable,
  workspaceId: string,
  ref: ResourceRef,
): Promise<ResourceInput | null> {
  const table = CONTENT_TABLES[ref.type];
  if (table !== undefined) {
    const pinned = ref.type === 'link' ? 'qr_code_id IS NOT NULL' : 'false';
    const held = folders.folderColumnsOf(ref.type);
    const r = await one<ContentLoad>(
      db,
      `SELECT id, workspace_id, deleted_at, archived_at, locked, edit_locked_at IS NOT NULL AS edit_locked, ${pinned} AS pinned, ${held} FROM ${table} WHERE id = $1 AND workspace_id = $2`,
      [ref.id, workspaceId],
    );
    if (!r) return null;
    return {
      type: ref.type,
      id: r.id,
      workspace_id: r.workspace_id,
      deleted: r.deleted_at !== null,
      archived: r.archived_at !== null,
      locked_by_downgrade: r.locked || r.edit_locked,
      pinned_to_qr_code: r.pinned,
      containers: folders.foldersHolding(r),
    };
  }
  switch (ref.type) {
    case 'folder':
      return folders.loadFolderResource(db, workspaceId, ref.id);
    case 'workspace':
      return ref.id === workspaceId
        ? { type: 'workspace', id: workspaceId, workspace_id: workspaceId }
        : null;
    case 'member': {
      const m = await one<RowOf<typeof workspaceMembers, 'id' | 'role'>>(
        db,
        'SELECT id, role FROM workspace_members WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL',
        [ref.id, workspaceId],
      );
      return m && isRole(m.role)
        ? { type: 'member', id: m.id, workspace_id: workspaceId, target_role: m.role }
        : null;
    }
    case 'invitation': {
      const i = await one<RowOf<typeof workspaceInvitations, 'id' | 'role'>>(
        db,
        "SELECT id, role FROM workspace_invitations WHERE id = $1 AND workspace_id = $2 AND status = 'pending'",
        [ref.id, workspaceId],
      );
      return i && isRole(i.role)
        ? { type: 'invitation', id: i.id, workspace_id: workspaceId, target_role: i.role }
        : null;
    }
    case 'domain': {
      const d = await one<{ id: string }>(
        db,
        'SELECT id FROM custom_domains WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL',
        [ref.id, workspaceId],
      );
      return d ? { type: 'domain', id: d.id, workspace_id: workspaceId } : null;
    }
    case 'api_key': {
      const k = await one<RowOf<typeof apiKeys, 'id' | 'createdByMemberId'>>(
        db,
        'SELECT id, created_by_member_id FROM api_keys WHERE id = $1 AND workspace_id = $2',
        [ref.id, workspaceId],
      );
      return k
        ? {
            type: 'api_key',
            id: k.id,
            workspace_id: workspaceId,
            created_by_membership_id: k.created_by_member_id,
          }
        : null;
    }
    case 'asset': {
      const a = await one<{ id: string; created_by_member_id: string | null }>(
        db,
        `SELECT a.id, m.id AS created_by_member_id FROM uploaded_assets a
           LEFT JOIN workspace_members m ON m.workspace_id = a.workspace_id AND m.user_id = a.uploaded_by_user_id AND m.deleted_at IS NULL
          WHERE a.id = $1 AND a.workspace_id = $2 AND a.deleted_at IS NULL`,
        [ref.id, workspaceId],
      );
      return a
        ? {
            type: 'asset',
            id: a.id,
            workspace_id: workspaceId,
            created_by_membership_id: a.created_by_member_id,
          }
        : null;
    }
    case 'lead': {
      // A lead is governed by its page: a scoped member reaches the leads of granted pages only.
      const l = await one<RowOf<typeof leads, 'id' | 'pageId'>>(
        db,
        'SELECT id, page_id FROM leads WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL',
        [ref.id, workspaceId],
      );
      return l
        ? { type: 'lead', id: l.id, workspace_id: workspaceId, parent: { type: 'bio_page', id: l.page_id } }
        : null;
    }
    case 'webhook': {
      const w = await one<{ id: string }>(
        db,
        'SELECT id FROM webhook_endpoints WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL',
        [ref.id, workspaceId],
      );
      return w ? { type: 'webhook', id: w.id, workspace_id: workspaceId } : null;
    }
    case 'experiment': {
      // An experiment is governed by the resource it tests (grants), and moves along its lifecycle (C8).
      const e = await one<folders.ExperimentWithFolders>(db, folders.EXPERIMENT_WITH_FOLDERS_SQL, [
        ref.id,
        workspaceId,
      ]);
      return e
        ? {
            type: 'experiment',
            id: e.id,
            workspace_id: workspaceId,
            parent: { type: e.resource_type, id: e.resource_id },
            containers: folders.foldersHolding(e),
            deleted: e.deleted,
            state: e.status,
          }
        : null;
    }
    default:
      throw new Error(`loadResource: no loader for ${ref.type}`);
  }
}

/**
 * Loads everything `authorize()` needs for one request — workspace, the actor's membership and
 * grants, the addressed resource, the quota usage the action counts — so every door (the /api
 * routes, /v1, Replicache push) authorizes identically. `action` decides which quota is counted;
 * without it no usage is loaded.
 */
export async function loadAuthorizeInput(
  db: Queryable,
  actor: RequestActor | null,
  workspaceId: string | null,
  resourceRef?: ResourceRef | null,
  action?: Action,
  options: LoadOptions = {},
): Promise<LoadedContext> {
  if (actor === null || workspaceId === null || !isUuidText(workspaceId)) {
    return {
      actor: actor?.actor ?? null,
      workspaceId,
      workspace: null,
      membership: null,
      membershipRow: null,
      webhookListeners: [],
      memberUserIds: null,
      ...(resourceRef ? { resource: null } : {}),
    };
  }
  if (actor.kind === 'api_key' && actor.apiKey.workspace_id !== workspaceId) {
    // Step 2 refuses before anything about workspace B is read: nothing to load.
    return {
      actor: actor.actor,
      workspaceId,
      workspace: null,
      membership: null,
      membershipRow: null,
      webhookListeners: [],
      memberUserIds: null,
      ...(resourceRef ? { resource: null } : {}),
    };
  }
  const { workspace, membership, webhookListeners, memberUserIds, keyLive } =
    await loadWorkspaceAndMembership(db, actor, workspaceId, options);
  const resource =
    resourceRef && workspace && membership
      ? await loadResource(db, workspaceId, resourceRef)
      : resourceRef
        ? null
        : undefined;
  const quota = action === undefined ? undefined : MATRIX[action].quota;
  const usage =
    quota !== undefined && workspace && membership && limitFor(workspace.plan, quota) !== null
      ? { [quota]: await quotaUsageForCreate(db, workspaceId, quota) }
      : undefined;
  return {
    actor: keyLive ? actor.actor : revokedActor(actor.actor),
    workspaceId,
    workspace,
    membership: membership?.input ?? null,
    membershipRow: membership?.row ?? null,
    webhookListeners,
    memberUserIds,
    ...(resource === undefined ? {} : { resource }),
    ...(usage === undefined ? {} : { usage }),
  };
}

export type AuthorizeExtras = Pick<
  AuthorizeInput,
  'requested_role' | 'confirmation' | 'uses_features' | 'account'
>;

/** Loads and decides in one call; returns the decision and what was loaded. */
export async function authorizeRequest(
  db: Queryable,
  actor: RequestActor | null,
  workspaceId: string | null,
  action: Action,
  resourceRef?: ResourceRef | null,
  extras: AuthorizeExtras = {},
): Promise<{ decision: Decision; context: LoadedContext }> {
  const context = await loadAuthorizeInput(db, actor, workspaceId, resourceRef, action);
  const { membershipRow: _m, ...input } = context;
  const needsResource = MATRIX[action].target !== undefined;
  const decision = authorize({
    ...input,
    ...(needsResource ? { resource: context.resource ?? null } : { resource: undefined }),
    action,
    ...extras,
  });
  return { decision, context };
}

/** Same, throwing the denial as an AppError (the error envelope); returns the loaded context when allowed. */
export async function requireAllowed(
  db: Queryable,
  actor: RequestActor | null,
  workspaceId: string | null,
  action: Action,
  resourceRef?: ResourceRef | null,
  extras: AuthorizeExtras = {},
): Promise<LoadedContext & { membershipRow: NonNullable<LoadedContext['membershipRow']> }> {
  const { decision, context } = await authorizeRequest(db, actor, workspaceId, action, resourceRef, extras);
  if (!decision.allow) throw denialError(decision);
  if (context.membershipRow === null) throw new Error(`authorize allowed ${action} without a membership`);
  return { ...context, membershipRow: context.membershipRow };
}

/** An API key the authorize load found revoked, expired or gone since its row was read. */
function revokedActor(actor: Actor): Actor {
  return actor.kind === 'api_key' ? { ...actor, api_key: { ...actor.api_key, revoked: true } } : actor;
}
