import { limitFor, hasFeature, type FeatureKey } from '../entitlements/plans';
import { cellAllows, cellConditions, cellHas, type Cell, type Condition } from './conditions';
import { ALLOW, deny, type Decision } from './decision';
import type {
  AccountInput,
  AuthorizeInput,
  MembershipInput,
  ResourceInput,
  UserActor,
  WorkspaceInput,
} from './input';
import { MATRIX, type Action, type MatrixRow } from './matrix';
import { API_KEY_FORBIDDEN_DOMAINS } from './scopes';
import { hasGrantFor, isScoped } from './visibility';

export type { Decision, Allow, Deny } from './decision';
export type * from './input';

const STEP_UP_WINDOW_MS = 5 * 60 * 1000;
const LAST_OWNER_PATHS = ['transfer_ownership', 'delete_workspace'] as const;

/**
 * The one permission check (docs/product-rules.md#permissions), pure: the caller loads the actor, membership, workspace,
 * resource and quota usage; this decides, in the spec's fixed order, so the error a caller sees (and
 * what it can infer) never depends on which door the request came through.
 */
export function authorize(input: AuthorizeInput): Decision {
  const row: MatrixRow = MATRIX[input.action];
  const { actor } = input;

  // 1. Authentication
  if (actor === null) return deny('unauthenticated');
  if (actor.kind === 'user' && actor.user.suspended === true) return deny('account_suspended');

  // 2. API keys: workspace binding first, then the reachability and scope gates.
  if (actor.kind === 'api_key') {
    if (actor.api_key.revoked) return deny('api_key_revoked');
    if (input.workspaceId === null || actor.api_key.workspace_id !== input.workspaceId)
      return deny('not_found');
    if (row.api === undefined || isOwnerOnly(row) || isForbiddenToKeys(row))
      return deny('action_not_available_to_api_key');
    if (!actor.api_key.scopes.includes(row.api)) {
      return deny('insufficient_scope', [
        { field: 'scope', issue: 'insufficient_scope', required_scope: row.api },
      ]);
    }
  } else if (row.account === true) {
    // 2a. Account-scoped actions are decided before any workspace exists.
    return authorizeAccountScoped(input.action, row, actor, input.account, input.now);
  }

  // 3. Workspace existence and membership: a non-member and a missing workspace look the same.
  const { workspace, membership } = input;
  if (workspace === null || membership === null || workspace.id !== input.workspaceId)
    return deny('not_found');
  if (workspace.deleted && !(input.action === 'workspace.restore' && membership.role === 'owner')) {
    return deny('workspace_deleted');
  }
  if (membership.status !== 'active') return deny('membership_inactive');

  const cell: Cell = row.roles[membership.role];

  // 4. Session assurance
  if (actor.kind === 'user') {
    const assurance = checkAssurance(cell, actor, workspace, input.now);
    if (assurance !== null) return assurance;
  } else if (cellHas(cell, 'C5')) {
    return deny('reauthentication_required');
  }

  // 5. Role capability
  const role = checkRole(input, cell, membership);
  if (role !== null) return role;

  // 6. Resource resolution and grant scoping
  const resource = resolveResource(input, row, workspace);
  if (resource === 'not_found') return deny('not_found');
  if (resource !== null) {
    if (isScoped(membership) && !hasGrantFor(membership, resource)) return deny('not_found');
    if (cellHas(cell, 'C7') && resource.created_by_membership_id !== membership.id)
      return deny('insufficient_role');
  }

  // 7. Plan entitlement
  const entitlement = checkEntitlement(input, row, workspace);
  if (entitlement !== null) return entitlement;

  // 8. Resource state
  if (resource !== null && row.kind === 'write') {
    const state = checkResourceState(row, cell, resource);
    if (state !== null) return state;
  }

  // 8a. Billing enforcement: writes_blocked comes from billing (day 8+ of past_due).
  if (row.kind === 'write' && workspace.billing.writes_blocked && row.billing_exempt !== true) {
    return deny('billing_write_blocked', [
      {
        field: 'workspace',
        issue: 'past_due',
        grace_ends_at: workspace.billing.grace_ends_at ?? null,
        invoice_url: workspace.billing.invoice_url ?? null,
      },
    ]);
  }

  // 9. Typed confirmation for destructive actions
  if (cellHas(cell, 'C6') && !confirmed(input)) {
    return deny('confirmation_required', [{ field: 'confirmation', issue: 'confirmation_required' }]);
  }

  return ALLOW;
}

function authorizeAccountScoped(
  action: Action,
  row: MatrixRow,
  actor: UserActor,
  account: AccountInput | undefined,
  now: Date | undefined,
): Decision {
  const conditions = new Set<Condition>(Object.values(row.roles).flatMap((c) => [...cellConditions(c)]));
  if (conditions.has('C4') && !actor.user.email_verified) return deny('email_verification_required');
  if (conditions.has('C5') && !reauthenticatedRecently(actor, now)) return deny('reauthentication_required');

  if (action === 'workspace.create') {
    if (account === undefined)
      throw new Error('authorize(workspace.create) needs the billing account (input.account)');
    const limit = limitFor(account.plan, 'workspaces');
    if (limit !== null && account.workspace_count >= limit) {
      return deny('plan_limit_reached', [
        {
          field: 'workspaces',
          issue: 'limit_reached',
          limit,
          current: account.workspace_count,
          plan: account.plan,
          kind: 'count',
        },
      ]);
    }
    return ALLOW;
  }
  if (conditions.has('C9') && (account?.sole_owner_workspace_ids?.length ?? 0) > 0) {
    return deny('last_owner_required', [
      {
        field: 'workspaces',
        issue: 'sole_owner',
        workspace_ids: account?.sole_owner_workspace_ids ?? [],
        options: LAST_OWNER_PATHS,
      },
    ]);
  }
  // The actor acting on their own account records.
  return ALLOW;
}

function isOwnerOnly(row: MatrixRow): boolean {
  return row.roles.admin === 'N' && row.roles.editor === 'N' && row.roles.viewer === 'N';
}

function isForbiddenToKeys(row: MatrixRow): boolean {
  return (API_KEY_FORBIDDEN_DOMAINS as readonly string[]).includes(row.domain);
}

function reauthenticatedRecently(actor: UserActor, now: Date = new Date()): boolean {
  const at = actor.session.reauthenticated_at;
  if (at === undefined || at === null) return false;
  const age = now.getTime() - at.getTime();
  return age >= 0 && age <= STEP_UP_WINDOW_MS;
}

function checkAssurance(
  cell: Cell,
  actor: UserActor,
  workspace: WorkspaceInput,
  now: Date | undefined,
): Decision | null {
  if (cellHas(cell, 'C4') && !actor.user.email_verified) return deny('email_verification_required');
  if (workspace.require_two_factor && !actor.session.two_factor_satisfied) return deny('totp_required');
  if (cellHas(cell, 'C5') && !reauthenticatedRecently(actor, now)) return deny('reauthentication_required');
  return null;
}

const PRIVILEGED = ['owner', 'admin'] as const;

function checkRole(input: AuthorizeInput, cell: Cell, membership: MembershipInput): Decision | null {
  if (!cellAllows(cell)) return deny('insufficient_role');
  const targetRole = input.resource?.target_role;
  const requested = input.requested_role;
  if (requested === 'owner') {
    return deny('validation_failed', [
      { field: 'role', issue: 'invalid_value', message: 'Ownership moves only by transfer.' },
    ]);
  }
  if (cellHas(cell, 'C3') && membership.role === 'admin') {
    const touchesPrivileged = (r: string | undefined): boolean =>
      r !== undefined && (PRIVILEGED as readonly string[]).includes(r);
    if (touchesPrivileged(targetRole) || touchesPrivileged(requested)) return deny('insufficient_role');
  }
  if (cellHas(cell, 'C9') && (input.action === 'workspace.leave' || targetRole === 'owner')) {
    return deny('last_owner_required', [
      { field: 'membership', issue: 'last_owner', options: LAST_OWNER_PATHS },
    ]);
  }
  return null;
}

function resolveResource(
  input: AuthorizeInput,
  row: MatrixRow,
  workspace: WorkspaceInput,
): ResourceInput | null | 'not_found' {
  const resource = input.resource;
  if (resource === undefined) {
    if (row.target !== undefined)
      throw new Error(`authorize(${input.action}) needs the ${row.target} it addresses (input.resource)`);
    return null;
  }
  if (resource === null || resource.workspace_id !== workspace.id) return 'not_found';
  if (row.target !== undefined && resource.type !== row.target) {
    throw new Error(`authorize(${input.action}) addresses a ${row.target}, got a ${resource.type}`);
  }
  return resource;
}

function checkEntitlement(input: AuthorizeInput, row: MatrixRow, workspace: WorkspaceInput): Decision | null {
  const plan = workspace.plan;
  const features: FeatureKey[] = [
    ...(row.feature === undefined ? [] : [row.feature]),
    ...(input.uses_features ?? []),
  ];
  for (const feature of features) {
    if (!hasFeature(plan, feature)) {
      return deny('plan_feature_unavailable', [{ field: feature, issue: 'feature_unavailable', plan }]);
    }
  }
  // An unlimited plan needs no count: the loader skips it (a count(*) per create grows with the workspace).
  const limit = row.quota === undefined ? null : limitFor(plan, row.quota);
  if (row.quota !== undefined && limit !== null) {
    const current = input.usage?.[row.quota];
    if (current === undefined)
      throw new Error(`authorize(${input.action}) needs the current ${row.quota} count (input.usage)`);
    if (current >= limit) {
      return deny('plan_limit_reached', [
        { field: row.quota, issue: 'limit_reached', limit, current, plan, kind: 'count' },
      ]);
    }
  }
  return null;
}

function checkResourceState(row: MatrixRow, cell: Cell, resource: ResourceInput): Decision | null {
  if (resource.deleted === true) return deny('resource_gone');
  if (resource.archived === true && row.on_archived !== true) return deny('resource_archived');
  if (resource.locked_by_downgrade === true || resource.pinned_to_qr_code === true) {
    return deny('resource_locked', [
      {
        field: resource.type,
        issue: resource.pinned_to_qr_code === true ? 'pinned_to_qr_code' : 'locked_by_downgrade',
      },
    ]);
  }
  if (cellHas(cell, 'C8') && row.states !== undefined && !row.states.includes(resource.state ?? '')) {
    return deny('invalid_state_transition', [
      { field: 'state', issue: 'invalid_state', state: resource.state ?? null, allowed: row.states },
    ]);
  }
  return null;
}

function confirmed(input: AuthorizeInput): boolean {
  const c = input.confirmation;
  return c !== undefined && typeof c.given === 'string' && c.given === c.expected;
}
