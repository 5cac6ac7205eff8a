/**
 * Input builders for the authorize() tests (and for anyone testing a command's permission path):
 * a "happy" input in which every check but the role passes, to be overridden one field at a time.
 */
import type { PlanKey } from '../entitlements/plans';
import type { Role } from './conditions';
import type {
  ApiKeyActor,
  AuthorizeInput,
  MembershipInput,
  ResourceInput,
  UserActor,
  WorkspaceInput,
} from './input';
import { MATRIX, type Action, type TargetType } from './matrix';

export const WS = '01900000-0000-7000-8000-000000000001';
export const OTHER_WS = '01900000-0000-7000-8000-000000000002';
export const MEMBER = '01900000-0000-7000-8000-0000000000aa';
export const NOW = new Date('2026-06-01T12:00:00Z');

/** The resources a scoped test member is granted. */
export const GRANTED = {
  bio_page: 'page-granted',
  link: 'link-granted',
  qr_code: 'qr-granted',
  folder: 'folder-granted',
} as const;

export function userActor(
  overrides: {
    email_verified?: boolean;
    two_factor_satisfied?: boolean;
    reauthenticated_at?: Date | null;
    suspended?: boolean;
  } = {},
): UserActor {
  return {
    kind: 'user',
    user: {
      id: 'user-1',
      email_verified: overrides.email_verified ?? true,
      suspended: overrides.suspended ?? false,
    },
    session: {
      two_factor_satisfied: overrides.two_factor_satisfied ?? true,
      reauthenticated_at:
        overrides.reauthenticated_at === undefined
          ? new Date(NOW.getTime() - 60_000)
          : overrides.reauthenticated_at,
    },
  };
}

export function apiKeyActor(
  scopes: readonly string[],
  overrides: { workspace_id?: string; revoked?: boolean } = {},
): ApiKeyActor {
  return {
    kind: 'api_key',
    api_key: {
      id: 'key-1',
      workspace_id: overrides.workspace_id ?? WS,
      scopes,
      revoked: overrides.revoked ?? false,
    },
  };
}

export function membership(
  role: Role,
  scoped = false,
  overrides: Partial<MembershipInput> = {},
): MembershipInput {
  const grants = scoped
    ? [
        { resource_type: 'bio_page', resource_id: GRANTED.bio_page },
        { resource_type: 'link', resource_id: GRANTED.link },
        { resource_type: 'qr_code', resource_id: GRANTED.qr_code },
        { resource_type: 'folder', resource_id: GRANTED.folder },
      ]
    : [];
  return { id: MEMBER, role, status: 'active', grants, ...overrides };
}

export function workspace(
  plan: PlanKey = 'business',
  overrides: Partial<WorkspaceInput> = {},
): WorkspaceInput {
  return {
    id: WS,
    plan,
    deleted: false,
    require_two_factor: false,
    billing: { writes_blocked: false },
    ...overrides,
  };
}

/** A resource of the row's target type that a scoped test member holds a grant for. */
export function resourceFor(
  action: Action,
  overrides: Partial<ResourceInput> = {},
): ResourceInput | undefined {
  const row = MATRIX[action];
  if (row.target === undefined) return undefined;
  return {
    ...baseResource(row.target),
    archived: row.on_archived === true,
    state: row.states?.[0],
    ...overrides,
  };
}

function baseResource(type: TargetType): ResourceInput {
  switch (type) {
    case 'bio_page':
    case 'link':
    case 'qr_code':
    case 'folder':
      return { type, id: GRANTED[type], workspace_id: WS };
    case 'experiment':
      return { type, id: 'exp-1', workspace_id: WS, parent: { type: 'link', id: GRANTED.link } };
    case 'lead':
      return { type, id: 'lead-1', workspace_id: WS, parent: { type: 'bio_page', id: GRANTED.bio_page } };
    case 'member':
    case 'invitation':
    case 'grant':
      return { type, id: `${type}-1`, workspace_id: WS, target_role: 'editor' };
    case 'api_key':
    case 'asset':
      return { type, id: `${type}-1`, workspace_id: WS, created_by_membership_id: MEMBER };
    default:
      return { type, id: `${type}-1`, workspace_id: WS };
  }
}

/** Every check passes except, possibly, the role's cell. */
export function happyInput(
  action: Action,
  role: Role,
  scoped = false,
  overrides: Partial<AuthorizeInput> = {},
): AuthorizeInput {
  const row = MATRIX[action];
  return {
    actor: userActor(),
    action,
    workspaceId: WS,
    workspace: workspace(),
    membership: membership(role, scoped),
    resource: resourceFor(action),
    usage: row.quota === undefined ? undefined : { [row.quota]: 0 },
    confirmation: { given: 'acme', expected: 'acme' },
    account: { plan: 'business', workspace_count: 0, sole_owner_workspace_ids: [] },
    now: NOW,
    ...overrides,
  };
}
