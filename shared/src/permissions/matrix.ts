import type { FeatureKey, QuotaField } from '../entitlements/plans';
import type { Cell, Role } from './conditions';
import type { ApiKeyScope } from './scopes';

/**
 * The permission matrix of spec §3.3, as data: one row per action, one cell per role (`Y`, `N`, or
 * footnote conditions, see conditions.ts). Row numbers follow the spec's numbering where the spec
 * names a row (11, 17, 24, 27, 30, 50, 63, 64, 65, 74, 75, 109, 116, 126–128, 132). Adding an action to
 * the product means adding a row here; `authorize()` and the tests read nothing else.
 *
 * Row fields: `kind` (read | write: writes run the resource-state and billing checks), `target` (the
 * resource the action addresses; the caller must load it), `api` (the API key scope; absent → no key
 * can reach it), `feature` / `quota` (step 7), `account` (decided without a workspace, §3.5 step 2a),
 * `states` (C8 lifecycle states it may start from), `on_archived` (allowed on archived items),
 * `billing_exempt` (allowed while writes are blocked for non-payment).
 *
 * A row without `target` may still be given a resource (an experiment's link on `experiment.create`,
 * the page on `lead.export`, the link on `analytics.view`): it is then checked like a target — same
 * workspace, granted to a scoped member, and (for writes) not archived, locked or deleted.
 */
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

const ALL = { owner: 'Y', admin: 'Y', editor: 'Y', viewer: 'Y' } as const;
const OWNER_ONLY = { owner: 'Y', admin: 'N', editor: 'N', viewer: 'N' } as const;
const MANAGERS = { owner: 'Y', admin: 'Y', editor: 'N', viewer: 'N' } as const;
const BUILDERS = { owner: 'Y', admin: 'Y', editor: 'Y', viewer: 'N' } as const;
/** Grantable content: editors act within their grants. */
const EDIT_GRANTED = { owner: 'Y', admin: 'Y', editor: 'C2', viewer: 'N' } as const;
const READ_GRANTED = { owner: 'Y', admin: 'Y', editor: 'C2', viewer: 'C2' } as const;
const CREATE_QUOTA = { owner: 'C1', admin: 'C1', editor: 'C1', viewer: 'N' } as const;
const EDIT_GRANTED_QUOTA = { owner: 'C1', admin: 'C1', editor: ['C1', 'C2'], viewer: 'N' } as const;
const MEMBER_ADMIN = { owner: 'C9', admin: 'C3', editor: 'N', viewer: 'N' } as const;
const EXPERIMENT_STEP = { owner: 'C8', admin: 'C8', editor: ['C2', 'C8'], viewer: 'N' } as const;
const EXPERIMENT_GATED_STEP = {
  owner: ['C1', 'C8'],
  admin: ['C1', 'C8'],
  editor: ['C1', 'C2', 'C8'],
  viewer: 'N',
} as const;

const MATRIX_DATA = {
  // §3.3.2 Workspace and brand
  'workspace.create': { row: 1, domain: 'workspace', kind: 'write', roles: ALL, account: true },
  'workspace.view': {
    row: 2,
    domain: 'workspace',
    kind: 'read',
    roles: ALL,
    target: 'workspace',
    api: 'workspace:read',
  },
  'workspace.update_settings': {
    row: 3,
    domain: 'workspace',
    kind: 'write',
    roles: MANAGERS,
    target: 'workspace',
  },
  'workspace.update_branding': {
    row: 4,
    domain: 'workspace',
    kind: 'write',
    roles: MANAGERS,
    target: 'workspace',
  },
  'workspace.set_two_factor_policy': {
    row: 5,
    domain: 'workspace',
    kind: 'write',
    roles: { ...OWNER_ONLY, owner: 'C5' },
    target: 'workspace',
  },
  'workspace.view_quota': {
    row: 6,
    domain: 'workspace',
    kind: 'read',
    roles: ALL,
    target: 'workspace',
    api: 'workspace:read',
  },
  'workspace.delete': {
    row: 7,
    domain: 'workspace',
    kind: 'write',
    roles: { ...OWNER_ONLY, owner: ['C5', 'C6'] },
    target: 'workspace',
    billing_exempt: true,
  },
  'workspace.restore': {
    row: 8,
    domain: 'workspace',
    kind: 'write',
    roles: OWNER_ONLY,
    target: 'workspace',
    billing_exempt: true,
  },
  'workspace.transfer_ownership': {
    row: 9,
    domain: 'workspace',
    kind: 'write',
    roles: { ...OWNER_ONLY, owner: 'C5' },
    target: 'member',
    billing_exempt: true,
  },
  'workspace.manage_utm_presets': { row: 10, domain: 'workspace', kind: 'write', roles: BUILDERS },
  'workspace.leave': {
    row: 11,
    domain: 'workspace',
    kind: 'write',
    roles: { owner: 'C9', admin: 'Y', editor: 'Y', viewer: 'Y' },
    billing_exempt: true,
  },
  'workspace.accept_ownership': {
    row: 12,
    domain: 'workspace',
    kind: 'write',
    roles: { owner: 'N', admin: 'Y', editor: 'Y', viewer: 'Y' },
    billing_exempt: true,
  },

  // §3.3.3 Members, invitations and grants
  'member.list': { row: 13, domain: 'members', kind: 'read', roles: ALL },
  'member.invite': {
    row: 14,
    domain: 'members',
    kind: 'write',
    roles: { owner: 'C1', admin: ['C1', 'C3'], editor: 'N', viewer: 'N' },
    quota: 'members',
  },
  'member.change_role': { row: 15, domain: 'members', kind: 'write', roles: MEMBER_ADMIN, target: 'member' },
  'member.suspend': {
    row: 16,
    domain: 'members',
    kind: 'write',
    roles: MEMBER_ADMIN,
    target: 'member',
    billing_exempt: true,
  },
  'member.remove': {
    row: 17,
    domain: 'members',
    kind: 'write',
    roles: MEMBER_ADMIN,
    target: 'member',
    billing_exempt: true,
  },
  'invitation.list': { row: 18, domain: 'members', kind: 'read', roles: MANAGERS },
  'invitation.resend': {
    row: 19,
    domain: 'members',
    kind: 'write',
    roles: { owner: 'Y', admin: 'C3', editor: 'N', viewer: 'N' },
    target: 'invitation',
  },
  'invitation.revoke': {
    row: 20,
    domain: 'members',
    kind: 'write',
    roles: { owner: 'Y', admin: 'C3', editor: 'N', viewer: 'N' },
    target: 'invitation',
    billing_exempt: true,
  },
  'grant.list': { row: 21, domain: 'members', kind: 'read', roles: MANAGERS },
  'grant.create': {
    row: 22,
    domain: 'members',
    kind: 'write',
    roles: { owner: 'C1', admin: ['C1', 'C3'], editor: 'N', viewer: 'N' },
    target: 'member',
    feature: 'grants_enabled',
  },
  'grant.revoke': {
    row: 23,
    domain: 'members',
    kind: 'write',
    roles: { owner: 'Y', admin: 'C3', editor: 'N', viewer: 'N' },
    target: 'member',
    billing_exempt: true,
  },
  'invitation.accept': { row: 24, domain: 'members', kind: 'write', roles: ALL, account: true },

  // §3.3.4 Billing and plan: Owner only, dashboard only
  'billing.view_plan': { row: 25, domain: 'billing', kind: 'read', roles: OWNER_ONLY },
  'billing.view_payment_method': { row: 26, domain: 'billing', kind: 'read', roles: OWNER_ONLY },
  'billing.view_invoices': { row: 27, domain: 'billing', kind: 'read', roles: OWNER_ONLY },
  'billing.update_payment_method': {
    row: 28,
    domain: 'billing',
    kind: 'write',
    roles: OWNER_ONLY,
    billing_exempt: true,
  },
  'billing.start_checkout': {
    row: 29,
    domain: 'billing',
    kind: 'write',
    roles: OWNER_ONLY,
    billing_exempt: true,
  },
  'billing.change_plan': {
    row: 30,
    domain: 'billing',
    kind: 'write',
    roles: OWNER_ONLY,
    billing_exempt: true,
  },
  'billing.cancel_subscription': {
    row: 31,
    domain: 'billing',
    kind: 'write',
    roles: { ...OWNER_ONLY, owner: 'C5' },
    billing_exempt: true,
  },
  'billing.update_details': {
    row: 32,
    domain: 'billing',
    kind: 'write',
    roles: OWNER_ONLY,
    billing_exempt: true,
  },

  // §3.3.5 Custom domains
  'domain.list': { row: 33, domain: 'domains', kind: 'read', roles: ALL, api: 'domains:read' },
  'domain.view': {
    row: 34,
    domain: 'domains',
    kind: 'read',
    roles: ALL,
    target: 'domain',
    api: 'domains:read',
  },
  'domain.create': {
    row: 35,
    domain: 'domains',
    kind: 'write',
    roles: { owner: 'C1', admin: 'C1', editor: 'N', viewer: 'N' },
    quota: 'custom_domains',
    api: 'domains:write',
  },
  'domain.verify': {
    row: 36,
    domain: 'domains',
    kind: 'write',
    roles: MANAGERS,
    target: 'domain',
    api: 'domains:write',
  },
  'domain.update': {
    row: 37,
    domain: 'domains',
    kind: 'write',
    roles: MANAGERS,
    target: 'domain',
    api: 'domains:write',
  },
  'domain.rehome_links': {
    row: 38,
    domain: 'domains',
    kind: 'write',
    roles: MANAGERS,
    target: 'domain',
    api: 'domains:write',
  },
  'domain.delete': {
    row: 39,
    domain: 'domains',
    kind: 'write',
    roles: MANAGERS,
    target: 'domain',
    api: 'domains:write',
  },
  'domain.retry_tls': {
    row: 40,
    domain: 'domains',
    kind: 'write',
    roles: MANAGERS,
    target: 'domain',
    api: 'domains:write',
  },

  // §3.3.6 Bio pages and blocks (block actions address their page)
  'bio_page.list': { row: 41, domain: 'bio_pages', kind: 'read', roles: READ_GRANTED, api: 'pages:read' },
  'bio_page.view': {
    row: 42,
    domain: 'bio_pages',
    kind: 'read',
    roles: READ_GRANTED,
    target: 'bio_page',
    api: 'pages:read',
  },
  'bio_page.create': {
    row: 43,
    domain: 'bio_pages',
    kind: 'write',
    roles: CREATE_QUOTA,
    quota: 'bio_pages',
    api: 'pages:write',
  },
  'bio_page.update': {
    row: 44,
    domain: 'bio_pages',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'bio_page',
    api: 'pages:write',
  },
  'bio_page.update_theme': {
    row: 45,
    domain: 'bio_pages',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'bio_page',
    api: 'pages:write',
  },
  'bio_page.change_handle': {
    row: 46,
    domain: 'bio_pages',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'bio_page',
    api: 'pages:write',
  },
  'block.create': {
    row: 47,
    domain: 'bio_pages',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'bio_page',
    api: 'pages:write',
  },
  'block.update': {
    row: 48,
    domain: 'bio_pages',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'bio_page',
    api: 'pages:write',
  },
  'block.delete': {
    row: 49,
    domain: 'bio_pages',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'bio_page',
    api: 'pages:write',
  },
  'bio_page.publish': {
    row: 50,
    domain: 'bio_pages',
    kind: 'write',
    roles: { owner: 'C4', admin: 'C4', editor: ['C2', 'C4'], viewer: 'N' },
    target: 'bio_page',
    api: 'pages:write',
  },
  'bio_page.unpublish': {
    row: 51,
    domain: 'bio_pages',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'bio_page',
    api: 'pages:write',
  },
  'bio_page.view_versions': {
    row: 52,
    domain: 'bio_pages',
    kind: 'read',
    roles: READ_GRANTED,
    target: 'bio_page',
    api: 'pages:read',
  },
  'bio_page.restore_version': {
    row: 53,
    domain: 'bio_pages',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'bio_page',
    api: 'pages:write',
  },
  'bio_page.duplicate': {
    row: 54,
    domain: 'bio_pages',
    kind: 'write',
    roles: EDIT_GRANTED_QUOTA,
    target: 'bio_page',
    quota: 'bio_pages',
    api: 'pages:write',
  },
  'bio_page.archive': {
    row: 55,
    domain: 'bio_pages',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'bio_page',
    api: 'pages:write',
  },
  'bio_page.unarchive': {
    row: 56,
    domain: 'bio_pages',
    kind: 'write',
    roles: EDIT_GRANTED_QUOTA,
    target: 'bio_page',
    quota: 'bio_pages',
    api: 'pages:write',
    on_archived: true,
  },
  'bio_page.delete': {
    row: 57,
    domain: 'bio_pages',
    kind: 'write',
    roles: MANAGERS,
    target: 'bio_page',
    api: 'pages:write',
    on_archived: true,
  },
  'asset.upload': { row: 58, domain: 'bio_pages', kind: 'write', roles: BUILDERS, api: 'pages:write' },
  'asset.delete': {
    row: 59,
    domain: 'bio_pages',
    kind: 'write',
    roles: { owner: 'Y', admin: 'Y', editor: 'C7', viewer: 'N' },
    target: 'asset',
    api: 'pages:write',
  },
  'theme.manage': { row: 60, domain: 'bio_pages', kind: 'write', roles: MANAGERS, api: 'pages:write' },

  // §3.3.7 Branded short links (a QR-pinned link is refused by step 8: resource_locked)
  'link.list': { row: 61, domain: 'links', kind: 'read', roles: READ_GRANTED, api: 'links:read' },
  'link.import': {
    row: 62,
    domain: 'links',
    kind: 'write',
    roles: CREATE_QUOTA,
    quota: 'links',
    api: 'links:write',
  },
  'link.view': {
    row: 63,
    domain: 'links',
    kind: 'read',
    roles: READ_GRANTED,
    target: 'link',
    api: 'links:read',
  },
  'link.create': {
    row: 64,
    domain: 'links',
    kind: 'write',
    roles: CREATE_QUOTA,
    quota: 'links',
    api: 'links:write',
  },
  'link.update_destination': {
    row: 65,
    domain: 'links',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'link',
    api: 'links:write',
  },
  'link.update': {
    row: 66,
    domain: 'links',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'link',
    api: 'links:write',
  },
  'link.update_slug': {
    row: 67,
    domain: 'links',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'link',
    api: 'links:write',
  },
  'link.update_schedule': {
    row: 68,
    domain: 'links',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'link',
    api: 'links:write',
  },
  'link.update_targeting': {
    row: 69,
    domain: 'links',
    kind: 'write',
    roles: EDIT_GRANTED_QUOTA,
    target: 'link',
    feature: 'targeting_rules_enabled',
    api: 'links:write',
  },
  'link.update_split': {
    row: 70,
    domain: 'links',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'link',
    api: 'links:write',
  },
  'link.pause': {
    row: 71,
    domain: 'links',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'link',
    api: 'links:write',
  },
  'link.resume': {
    row: 72,
    domain: 'links',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'link',
    api: 'links:write',
  },
  'link.view_versions': {
    row: 73,
    domain: 'links',
    kind: 'read',
    roles: READ_GRANTED,
    target: 'link',
    api: 'links:read',
  },
  'link.archive': {
    row: 74,
    domain: 'links',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'link',
    api: 'links:write',
  },
  'link.delete': {
    row: 75,
    domain: 'links',
    kind: 'write',
    roles: MANAGERS,
    target: 'link',
    api: 'links:write',
    on_archived: true,
  },
  'link.unarchive': {
    row: 76,
    domain: 'links',
    kind: 'write',
    roles: EDIT_GRANTED_QUOTA,
    target: 'link',
    quota: 'links',
    api: 'links:write',
    on_archived: true,
  },
  'link.restore_version': {
    row: 77,
    domain: 'links',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'link',
    api: 'links:write',
  },
  'link.export': { row: 78, domain: 'links', kind: 'read', roles: READ_GRANTED, api: 'links:read' },

  // §3.3.8 Dynamic QR codes (no action releases a QR slug; archive keeps it resolving)
  'qr_code.list': { row: 79, domain: 'qr_codes', kind: 'read', roles: READ_GRANTED, api: 'qr:read' },
  'qr_code.view': {
    row: 80,
    domain: 'qr_codes',
    kind: 'read',
    roles: READ_GRANTED,
    target: 'qr_code',
    api: 'qr:read',
  },
  'qr_code.create': {
    row: 81,
    domain: 'qr_codes',
    kind: 'write',
    roles: CREATE_QUOTA,
    quota: 'qr_codes',
    api: 'qr:write',
  },
  'qr_code.update_destination': {
    row: 82,
    domain: 'qr_codes',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'qr_code',
    api: 'qr:write',
  },
  'qr_code.update_design': {
    row: 83,
    domain: 'qr_codes',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'qr_code',
    api: 'qr:write',
  },
  'qr_code.update': {
    row: 84,
    domain: 'qr_codes',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'qr_code',
    api: 'qr:write',
  },
  'qr_code.render': {
    row: 85,
    domain: 'qr_codes',
    kind: 'read',
    roles: READ_GRANTED,
    target: 'qr_code',
    api: 'qr:read',
  },
  'qr_code.pause': {
    row: 86,
    domain: 'qr_codes',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'qr_code',
    api: 'qr:write',
  },
  'qr_code.resume': {
    row: 87,
    domain: 'qr_codes',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'qr_code',
    api: 'qr:write',
  },
  'qr_code.archive': {
    row: 88,
    domain: 'qr_codes',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'qr_code',
    api: 'qr:write',
  },
  'qr_code.unarchive': {
    row: 89,
    domain: 'qr_codes',
    kind: 'write',
    roles: EDIT_GRANTED_QUOTA,
    target: 'qr_code',
    quota: 'qr_codes',
    api: 'qr:write',
    on_archived: true,
  },
  'qr_code.view_versions': {
    row: 90,
    domain: 'qr_codes',
    kind: 'read',
    roles: READ_GRANTED,
    target: 'qr_code',
    api: 'qr:read',
  },
  'qr_code.restore_version': {
    row: 91,
    domain: 'qr_codes',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'qr_code',
    api: 'qr:write',
  },
  'qr_code.update_fallback': { row: 92, domain: 'qr_codes', kind: 'write', roles: MANAGERS, api: 'qr:write' },

  // §3.3.9 Experiments (address their link or page; C8 lifecycle, §16.9)
  'experiment.list': {
    row: 93,
    domain: 'experiments',
    kind: 'read',
    roles: READ_GRANTED,
    api: 'experiments:read',
  },
  'experiment.view': {
    row: 94,
    domain: 'experiments',
    kind: 'read',
    roles: READ_GRANTED,
    target: 'experiment',
    api: 'experiments:read',
  },
  'experiment.create': {
    row: 95,
    domain: 'experiments',
    kind: 'write',
    roles: EDIT_GRANTED_QUOTA,
    feature: 'experiments_enabled',
    api: 'experiments:write',
  },
  'experiment.update': {
    row: 96,
    domain: 'experiments',
    kind: 'write',
    roles: EXPERIMENT_GATED_STEP,
    target: 'experiment',
    feature: 'experiments_enabled',
    // Issue 21: a started experiment's variants or weights may change; that begins a new arm period.
    states: ['draft', 'running', 'paused'],
    api: 'experiments:write',
  },
  'experiment.start': {
    row: 97,
    domain: 'experiments',
    kind: 'write',
    roles: EXPERIMENT_GATED_STEP,
    target: 'experiment',
    feature: 'experiments_enabled',
    states: ['draft', 'paused'],
    api: 'experiments:write',
  },
  'experiment.pause': {
    row: 98,
    domain: 'experiments',
    kind: 'write',
    roles: EXPERIMENT_STEP,
    target: 'experiment',
    states: ['running'],
    api: 'experiments:write',
  },
  'experiment.conclude': {
    row: 99,
    domain: 'experiments',
    kind: 'write',
    roles: EXPERIMENT_STEP,
    target: 'experiment',
    states: ['running', 'paused'],
    api: 'experiments:write',
  },
  'experiment.promote': {
    row: 100,
    domain: 'experiments',
    kind: 'write',
    roles: EXPERIMENT_STEP,
    target: 'experiment',
    states: ['concluded'],
    api: 'experiments:write',
  },
  'experiment.archive': {
    row: 101,
    domain: 'experiments',
    kind: 'write',
    roles: EXPERIMENT_STEP,
    target: 'experiment',
    states: ['draft', 'paused', 'concluded', 'promoted'],
    api: 'experiments:write',
  },

  // §3.3.10 Analytics and reporting (a resource ref, when given, is grant-checked)
  'analytics.view': {
    row: 102,
    domain: 'analytics',
    kind: 'read',
    roles: READ_GRANTED,
    api: 'analytics:read',
  },
  'analytics.view_events': {
    row: 103,
    domain: 'analytics',
    kind: 'read',
    roles: READ_GRANTED,
    api: 'analytics:read',
  },
  'analytics.export': {
    row: 104,
    domain: 'analytics',
    kind: 'read',
    roles: READ_GRANTED,
    api: 'analytics:read',
  },
  'report.manage': { row: 105, domain: 'analytics', kind: 'write', roles: BUILDERS },
  'analytics.manage_filters': { row: 106, domain: 'analytics', kind: 'write', roles: MANAGERS },

  // §3.3.11 Leads: Viewer denied, dashboard only, export needs step-up
  'lead.list': { row: 107, domain: 'leads', kind: 'read', roles: EDIT_GRANTED },
  'lead.view': { row: 108, domain: 'leads', kind: 'read', roles: EDIT_GRANTED, target: 'lead' },
  'lead.export': {
    row: 109,
    domain: 'leads',
    kind: 'read',
    roles: { owner: 'C5', admin: 'C5', editor: ['C2', 'C5'], viewer: 'N' },
  },
  'lead.delete': { row: 110, domain: 'leads', kind: 'write', roles: MANAGERS, target: 'lead' },
  'lead.manage_sync': { row: 111, domain: 'leads', kind: 'write', roles: MANAGERS },

  // §3.3.12 Integrations, pixels and webhooks
  'integration.list': { row: 112, domain: 'integrations', kind: 'read', roles: BUILDERS },
  'integration.connect': { row: 113, domain: 'integrations', kind: 'write', roles: MANAGERS },
  'integration.disconnect': {
    row: 114,
    domain: 'integrations',
    kind: 'write',
    roles: MANAGERS,
    target: 'integration',
  },
  'pixel.manage': { row: 115, domain: 'integrations', kind: 'write', roles: MANAGERS },
  'webhook.create': {
    row: 116,
    domain: 'integrations',
    kind: 'write',
    roles: MANAGERS,
    api: 'webhooks:write',
  },
  'webhook.update': {
    row: 117,
    domain: 'integrations',
    kind: 'write',
    roles: MANAGERS,
    target: 'webhook',
    api: 'webhooks:write',
  },
  'webhook.delete': {
    row: 118,
    domain: 'integrations',
    kind: 'write',
    roles: MANAGERS,
    target: 'webhook',
    api: 'webhooks:write',
  },
  'webhook.view_deliveries': {
    row: 119,
    domain: 'integrations',
    kind: 'read',
    roles: MANAGERS,
    target: 'webhook',
    api: 'webhooks:read',
  },

  // §3.3.13 API keys (managed from the dashboard only)
  'api_key.list': { row: 120, domain: 'api_keys', kind: 'read', roles: BUILDERS },
  'api_key.create': { row: 121, domain: 'api_keys', kind: 'write', roles: BUILDERS },
  'api_key.revoke': {
    row: 122,
    domain: 'api_keys',
    kind: 'write',
    roles: { owner: 'Y', admin: 'Y', editor: 'C7', viewer: 'N' },
    target: 'api_key',
    billing_exempt: true,
  },
  'api_key.rotate': {
    row: 123,
    domain: 'api_keys',
    kind: 'write',
    roles: { owner: 'Y', admin: 'Y', editor: 'C7', viewer: 'N' },
    target: 'api_key',
  },
  'api_key.view_usage': {
    row: 124,
    domain: 'api_keys',
    kind: 'read',
    roles: { owner: 'Y', admin: 'Y', editor: 'C7', viewer: 'N' },
    target: 'api_key',
  },
  'capability.check': { row: 125, domain: 'workspace', kind: 'read', roles: ALL },

  // §3.3.14 Audit log, data export and account data
  'audit.view': { row: 126, domain: 'audit', kind: 'read', roles: MANAGERS },
  'audit.export': {
    row: 127,
    domain: 'audit',
    kind: 'read',
    roles: { owner: 'C5', admin: 'C5', editor: 'N', viewer: 'N' },
  },
  'workspace.export_data': { row: 128, domain: 'gdpr', kind: 'read', roles: { ...OWNER_ONLY, owner: 'C5' } },
  'account.view': { row: 129, domain: 'account', kind: 'read', roles: ALL, account: true },
  'account.update': { row: 130, domain: 'account', kind: 'write', roles: ALL, account: true },
  'account.export_data': {
    row: 131,
    domain: 'account',
    kind: 'read',
    roles: { owner: 'C5', admin: 'C5', editor: 'C5', viewer: 'C5' },
    account: true,
  },
  'account.delete': {
    row: 132,
    domain: 'account',
    kind: 'write',
    roles: { owner: ['C5', 'C9'], admin: 'C5', editor: 'C5', viewer: 'C5' },
    account: true,
  },
} as const satisfies Record<string, MatrixRow>;

export type Action = keyof typeof MATRIX_DATA;

/** The matrix, each row widened to MatrixRow so optional fields read uniformly. */
export const MATRIX: Readonly<Record<Action, MatrixRow>> = MATRIX_DATA;

/** Every action, in row order. */
export const ACTIONS: readonly Action[] = Object.keys(MATRIX).filter(isAction);

export function isAction(value: unknown): value is Action {
  return typeof value === 'string' && Object.hasOwn(MATRIX, value);
}

export function rowOf(action: Action): MatrixRow {
  return MATRIX[action];
}

/** Resource types a grant can name (spec §3.4.1). */
export const GRANTABLE_TYPES = ['bio_page', 'link', 'qr_code'] as const;
export type GrantableType = (typeof GRANTABLE_TYPES)[number];

export function isGrantableType(value: unknown): value is GrantableType {
  return typeof value === 'string' && (GRANTABLE_TYPES as readonly string[]).includes(value);
}
