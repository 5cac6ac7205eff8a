import type { FeatureKey, QuotaField } from '../entitlements/plans';
import type { Cell, Role } from './conditions';
import type { ApiKeyScope } from './scopes';

/** The part of the product an action belongs to (the matrix's sections). */
export type ActionDomain =
  | 'workspace'
  | 'members'
  | 'billing'
  | 'domains'
  | 'bio_pages'
  | 'links'
  | 'qr_codes'
  | 'experiments'
  | 'analytics'
  | 'leads'
  | 'integrations'
  | 'api_keys'
  | 'audit'
  | 'gdpr'
  | 'account';

export type TargetType =
  | 'workspace'
  | 'member'
  | 'invitation'
  | 'grant'
  | 'domain'
  | 'bio_page'
  | 'link'
  | 'qr_code'
  | 'folder'
  | 'experiment'
  | 'lead'
  | 'webhook'
  | 'integration'
  | 'api_key'
  | 'asset';

export type MatrixRow = {
  readonly row: number;
  readonly domain: ActionDomain;
  readonly kind: 'read' | 'write';
  readonly roles: Readonly<Record<Role, Cell>>;
  readonly target?: TargetType;
  readonly api?: ApiKeyScope;
  readonly feature?: FeatureKey;
  readonly quota?: QuotaField;
  readonly account?: true;
  readonly states?: readonly string[];
  readonly on_archived?: true;
  readonly billing_exempt?: true;
};

/** Role cells that many rows share. */
export const ALL = { owner: 'Y', admin: 'Y', editor: 'Y', viewer: 'Y' } as const;
export const OWNER_ONLY = { owner: 'Y', admin: 'N', editor: 'N', viewer: 'N' } as const;
export const MANAGERS = { owner: 'Y', admin: 'Y', editor: 'N', viewer: 'N' } as const;
export const BUILDERS = { owner: 'Y', admin: 'Y', editor: 'Y', viewer: 'N' } as const;
/** Grantable content: editors act within their grants. */
export const EDIT_GRANTED = { owner: 'Y', admin: 'Y', editor: 'C2', viewer: 'N' } as const;
export const READ_GRANTED = { owner: 'Y', admin: 'Y', editor: 'C2', viewer: 'C2' } as const;
export const CREATE_QUOTA = { owner: 'C1', admin: 'C1', editor: 'C1', viewer: 'N' } as const;
export const EDIT_GRANTED_QUOTA = { owner: 'C1', admin: 'C1', editor: ['C1', 'C2'], viewer: 'N' } as const;
export const MEMBER_ADMIN = { owner: 'C9', admin: 'C3', editor: 'N', viewer: 'N' } as const;
export const EXPERIMENT_STEP = { owner: 'C8', admin: 'C8', editor: ['C2', 'C8'], viewer: 'N' } as const;
export const EXPERIMENT_GATED_STEP = {
  owner: ['C1', 'C8'],
  admin: ['C1', 'C8'],
  editor: ['C1', 'C2', 'C8'],
  viewer: 'N',
} as const;
