import { ALL, OWNER_ONLY, MANAGERS, BUILDERS, type MatrixRow } from '../matrix-row';

/** API keys, audit log, data export and account (docs/product-rules.md#api-keys). */
export const KEY_AUDIT_ACCOUNT_ROWS = {
  // API keys (managed from the dashboard only)
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

  // Audit log, data export and account data
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
