import type { GrantRef, MembershipInput, ResourceInput } from './input';
import { isGrantableType } from './matrix';

/** A membership with one or more grants is scoped (docs/product-rules.md#permissions); an Owner never is. */
export function isScoped(membership: Pick<MembershipInput, 'role' | 'grants'>): boolean {
  return membership.role !== 'owner' && membership.grants.length > 0;
}

type Ref = { readonly type: string; readonly id: string };

/** The grantable resource that governs access to `resource`: itself, or its parent; null if none. */
export function governingResource(resource: Pick<ResourceInput, 'type' | 'id' | 'parent'>): Ref | null {
  if (isGrantableType(resource.type)) return { type: resource.type, id: resource.id };
  const parent = resource.parent;
  if (parent !== undefined && parent !== null && isGrantableType(parent.type)) return parent;
  return null;
}

function holds(grants: readonly GrantRef[], ref: Ref): boolean {
  return grants.some((g) => g.resource_type === ref.type && g.resource_id === ref.id);
}

/**
 * True when the membership's grants cover the resource (always true for non-grantable types): a
 * grant on it, on its governing parent, or on a folder that holds it (D-622).
 */
export function hasGrantFor(
  membership: Pick<MembershipInput, 'grants'>,
  resource: Pick<ResourceInput, 'type' | 'id' | 'parent' | 'containers'>,
): boolean {
  const governing = governingResource(resource);
  if (governing === null || holds(membership.grants, governing)) return true;
  return (resource.containers ?? []).some((container) => holds(membership.grants, container));
}

/**
 * May this member see the resource at all? Lists, pulls and search use this: a scoped member never
 * sees an ungranted bio page, link or QR code (invisibility, not merely denial — docs/product-rules.md#permissions).
 */
export function canSeeResource(
  membership: Pick<MembershipInput, 'role' | 'grants'>,
  resource: Pick<ResourceInput, 'type' | 'id' | 'parent' | 'containers'>,
): boolean {
  return !isScoped(membership) || hasGrantFor(membership, resource);
}
