import { ALL, BUILDERS, type MatrixRow } from '../matrix-row';

/**
 * Brand kits: saved QR designs every new code of the workspace may start from (D-577). A workspace
 * setting that anyone who makes codes maintains (a viewer only reads them); not grantable, so no C2.
 * Numbered after the spec's rows.
 */
export const BRAND_KIT_ROWS = {
  'brand_kit.list': { row: 133, domain: 'qr_codes', kind: 'read', roles: ALL, api: 'qr:read' },
  'brand_kit.manage': { row: 134, domain: 'qr_codes', kind: 'write', roles: BUILDERS, api: 'qr:write' },
} as const satisfies Record<string, MatrixRow>;
