/**
 * API key scopes, as their single catalogue (docs/product-rules.md#api-keys). There are deliberately no
 * billing, member, audit, lead, GDPR or workspace-deletion scopes (docs/product-rules.md#api-keys).
 */
export const API_KEY_SCOPES = [
  'workspace:read',
  'links:read',
  'links:write',
  'qr:read',
  'qr:write',
  'pages:read',
  'pages:write',
  'domains:read',
  'domains:write',
  'experiments:read',
  'experiments:write',
  'analytics:read',
  'webhooks:read',
  'webhooks:write',
] as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export function isApiKeyScope(value: unknown): value is ApiKeyScope {
  return typeof value === 'string' && (API_KEY_SCOPES as readonly string[]).includes(value);
}

/** Action domains no API key can reach, whatever its scopes (docs/product-rules.md#permissions). */
export const API_KEY_FORBIDDEN_DOMAINS = [
  'billing',
  'members',
  'audit',
  'gdpr',
  'leads',
  'api_keys',
  'account',
] as const;
