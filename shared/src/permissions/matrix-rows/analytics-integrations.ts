import { MANAGERS, BUILDERS, EDIT_GRANTED, READ_GRANTED, type MatrixRow } from '../matrix-row';

/** Analytics, reports, leads, integrations and webhooks (docs/product-rules.md#permissions). */
export const ANALYTICS_INTEGRATION_ROWS = {
  // Analytics and reporting (a resource ref, when given, is grant-checked)
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

  // Leads: Viewer denied, dashboard only, export needs step-up
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

  // Integrations, pixels and webhooks
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
} as const satisfies Record<string, MatrixRow>;
