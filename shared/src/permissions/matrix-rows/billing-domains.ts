import { ALL, OWNER_ONLY, MANAGERS, type MatrixRow } from '../matrix-row';

/** Billing and custom domains (docs/product-rules.md#plans-and-billing). */
export const BILLING_DOMAIN_ROWS = {
  // Billing and plan: Owner only, dashboard only
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

  // Custom domains
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
} as const satisfies Record<string, MatrixRow>;
