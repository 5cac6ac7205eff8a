import { BoundedMemo } from '@linkhub/shared/cache/bounded-memo';
import { isPlanKey, type PlanKey } from '@linkhub/shared/entitlements/plans';
import { one, type Queryable } from '@linkhub/shared/server/db/sql';

/** How long a workspace's plan is trusted for its API rate limit: a plan change reaches the limit within this. */
export const PLAN_TTL_MS = 30_000;

/**
 * A workspace's plan for its per-key rate limit (docs/product-rules.md#plans-and-billing), read from PostgreSQL at most once per
 * `ttlMs` per workspace instead of once per request. A failed read is not remembered.
 */
export function workspacePlanReader(
  db: Queryable,
  ttlMs = PLAN_TTL_MS,
  capacity = 10_000,
): (workspaceId: string) => Promise<PlanKey> {
  const known = new BoundedMemo<string, { at: number; plan: Promise<PlanKey> }>(capacity);
  return (workspaceId) => {
    const now = Date.now();
    const hit = known.get(workspaceId);
    if (hit && now - hit.at < ttlMs) return hit.plan;
    const plan = one<{ plan: string }>(db, 'SELECT current_plan_key AS plan FROM workspaces WHERE id = $1', [
      workspaceId,
    ]).then((ws) => (ws && isPlanKey(ws.plan) ? ws.plan : 'free'));
    known.set(workspaceId, { at: now, plan });
    plan.catch(() => known.delete(workspaceId));
    return plan;
  };
}
