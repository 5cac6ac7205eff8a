import { planLimitMessage } from '@linkhub/shared/entitlements/limit-message';
import { limitFor, type PlanKey } from '@linkhub/shared/entitlements/plans';

/** A pending invitation as `/api/workspaces/{id}/invitations` lists it. */
export type Invitation = { id: string; email: string; role: string; status: string; expires_at: string };

/** The plan's seat sentence when members plus live invitations fill it; null while there is room (or unknown yet). */
export function fullSeatsSentence(
  plan: PlanKey,
  members: number,
  invitations: readonly Invitation[] | null | undefined,
  now = Date.now(),
): string | null {
  if (!invitations) return null;
  const limit = limitFor(plan, 'members');
  const used = members + invitations.filter((i) => Date.parse(i.expires_at) > now).length;
  if (limit === null || used < limit) return null;
  return planLimitMessage([{ field: 'members', issue: 'limit_reached', limit, current: used, plan }]) ?? null;
}
