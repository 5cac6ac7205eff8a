import { ALL, BUILDERS, EDIT_GRANTED, READ_GRANTED, type MatrixRow } from '../matrix-row';

/**
 * Link folders (D-620, grantable: a scoped member acts on the folders granted to them and the links
 * in them, D-622) and the reading of UTM presets (D-623; changing them is `workspace.manage_utm_presets`).
 * Numbered after the spec's rows (and the brand kits).
 */
export const FOLDER_PRESET_ROWS = {
  'folder.list': { row: 135, domain: 'links', kind: 'read', roles: READ_GRANTED, api: 'links:read' },
  'folder.view': {
    row: 136,
    domain: 'links',
    kind: 'read',
    roles: READ_GRANTED,
    target: 'folder',
    api: 'links:read',
  },
  'folder.create': { row: 137, domain: 'links', kind: 'write', roles: BUILDERS, api: 'links:write' },
  'folder.update': {
    row: 138,
    domain: 'links',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'folder',
    api: 'links:write',
  },
  'folder.delete': {
    row: 139,
    domain: 'links',
    kind: 'write',
    roles: EDIT_GRANTED,
    target: 'folder',
    api: 'links:write',
  },
  'utm_preset.list': { row: 140, domain: 'links', kind: 'read', roles: ALL, api: 'links:read' },
} as const satisfies Record<string, MatrixRow>;
