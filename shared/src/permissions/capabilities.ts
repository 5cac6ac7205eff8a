import { hasFeature, type FeatureKey, type PlanKey } from '../entitlements/plans';
import { cellAllows, cellConditions, type Condition, type Role } from './conditions';
import { ACTIONS, MATRIX, type Action } from './matrix';

/** What the editor UI needs to decide whether to show a control, and how (docs/product-rules.md#permissions: hide, not fail). */
export type Capability = {
  /** The role may do it and the plan includes it (quotas and resource state are decided per request). */
  readonly allowed: boolean;
  /** Why not: the role (hide the control) or the plan (show an upgrade prompt). */
  readonly reason: 'insufficient_role' | 'plan_feature_unavailable' | null;
  /** The plan feature that gates it, when the plan lacks it. */
  readonly feature: FeatureKey | null;
  /** A scoped member may do it only on granted resources. */
  readonly granted_only: boolean;
  readonly conditions: readonly Condition[];
};

export type CapabilityContext = { readonly role: Role; readonly scoped: boolean; readonly plan: PlanKey };

export function capabilityOf(action: Action, { role, scoped, plan }: CapabilityContext): Capability {
  const row = MATRIX[action];
  const cell = row.roles[role];
  const conditions = cellConditions(cell);
  const granted_only = scoped && role !== 'owner' && conditions.includes('C2');
  if (!cellAllows(cell))
    return { allowed: false, reason: 'insufficient_role', feature: null, granted_only, conditions };
  const feature = row.feature;
  if (feature !== undefined && !hasFeature(plan, feature)) {
    return { allowed: false, reason: 'plan_feature_unavailable', feature, granted_only, conditions };
  }
  return { allowed: true, reason: null, feature: null, granted_only, conditions };
}

/** Every action's capability for a member: the PWA's batch capability map. */
export function capabilities(role: Role, scoped: boolean, plan: PlanKey): Record<Action, Capability> {
  const entries = ACTIONS.map((action) => [action, capabilityOf(action, { role, scoped, plan })] as const);
  // Object.fromEntries loses the key type; every Action is present by construction.
  return Object.fromEntries(entries) as Record<Action, Capability>;
}

/** The read actions this member may perform (what the editor may show and what a pull may contain). */
export function readableActions(role: Role, scoped: boolean, plan: PlanKey): Action[] {
  return ACTIONS.filter(
    (action) => MATRIX[action].kind === 'read' && capabilityOf(action, { role, scoped, plan }).allowed,
  );
}

/** Actions the member may attempt at all (role and plan feature); quota and state are per request. */
export function allowedActions(role: Role, scoped: boolean, plan: PlanKey): Action[] {
  return ACTIONS.filter((action) => capabilityOf(action, { role, scoped, plan }).allowed);
}
