/**
 * The footnote conditions of the permission matrix (docs/product-rules.md#permissions), as named data. A matrix cell is
 * `Y`, `N`, or one or more of these codes: the role may perform the action, subject to the condition,
 * which `authorize()` checks at the step named here.
 *
 * The legend table did not survive into our copy of the requirements; C1, C2, C3, C4 and C9 are the
 * requirements' own (named by their role rules and worked examples), C5–C8 are our reconstruction
 * of the remaining footnotes from the matrix's rules (D-006).
 */
export const CONDITIONS = {
  C1: {
    name: 'plan_entitlement',
    step: 7,
    text: 'Allowed when the workspace plan includes the feature and the quota has room.',
  },
  C2: {
    name: 'granted_resources_only',
    step: 6,
    text: 'A scoped member may act only on resources granted to them; others answer 404.',
  },
  C3: {
    name: 'admin_cannot_touch_admin',
    step: 5,
    text: 'An Admin may act on Editor and Viewer memberships only, and may not create another Admin.',
  },
  C4: { name: 'verified_email', step: 4, text: 'Requires a verified email address.' },
  C5: { name: 'step_up', step: 4, text: 'Requires re-authentication within the last 5 minutes.' },
  C6: { name: 'typed_confirmation', step: 9, text: 'Requires the typed confirmation text.' },
  C7: {
    name: 'own_records_only',
    step: 6,
    text: 'Only records the member created themselves (for example their own API keys).',
  },
  C8: {
    name: 'lifecycle_state',
    step: 8,
    text: 'Only from the lifecycle states the row names (experiments: draft, running, paused, concluded, promoted, archived).',
  },
  C9: {
    name: 'last_owner_rule',
    step: 5,
    text: 'The Owner cannot leave, be demoted, suspended or removed; ownership moves only by transfer.',
  },
} as const;

export type Condition = keyof typeof CONDITIONS;
export const CONDITION_CODES = [
  'C1',
  'C2',
  'C3',
  'C4',
  'C5',
  'C6',
  'C7',
  'C8',
  'C9',
] as const satisfies readonly Condition[];

export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** One cell of the matrix. */
export type Cell = 'Y' | 'N' | Condition | readonly Condition[];

export function cellAllows(cell: Cell): boolean {
  return cell !== 'N';
}

export function cellConditions(cell: Cell): readonly Condition[] {
  if (cell === 'Y' || cell === 'N') return [];
  return typeof cell === 'string' ? [cell] : cell;
}

export function cellHas(cell: Cell, condition: Condition): boolean {
  return cellConditions(cell).includes(condition);
}
