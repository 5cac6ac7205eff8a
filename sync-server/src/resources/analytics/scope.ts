import type { resourceGrants, workspaces } from '@linkhub/shared/server/db/schema/workspaces';
import type { RowOf } from '@linkhub/shared/server/db/row';
import type { Context } from 'hono';
import { AuthenticationError, NotFoundError, ValidationError } from '@linkhub/shared/errors/app-error';
import { isPlanKey, retentionDays, type PlanKey } from '@linkhub/shared/entitlements/plans';
import type { Action } from '@linkhub/shared/permissions/matrix';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { one, rows } from '@linkhub/shared/server/db/sql';
import { requireAllowed, type ResourceRef } from '../../kernel/authorize-input';
import { actorOf } from '../../http/session';

/** What an analytics read covers, after authorize(): the workspace, its zone and plan, and the resources visible. */
export type AnalyticsScope = {
  workspaceId: string;
  timeZone: string;
  plan: PlanKey;
  /** null: every resource of the workspace; else only these (one resource, or a scoped member's grants). */
  resourceIds: string[] | null;
  userId: string | null;
};

const DAY_MS = 86_400_000;

/** The type of a resource of this workspace, found by id among links, QR codes and bio pages (404 when none). */
async function resourceRef(deps: AppDeps, workspaceId: string, id: string): Promise<ResourceRef> {
  const found = await one<{ type: 'link' | 'qr_code' | 'bio_page' }>(
    deps.pool,
    `SELECT 'link' AS type FROM links WHERE id = $1 AND workspace_id = $2
     UNION ALL SELECT 'qr_code' FROM qr_codes WHERE id = $1 AND workspace_id = $2
     UNION ALL SELECT 'bio_page' FROM bio_pages WHERE id = $1 AND workspace_id = $2 LIMIT 1`,
    [id, workspaceId],
  );
  // an unknown or foreign id: the same 404 as a missing resource
  if (!found) throw new NotFoundError();
  return { type: found.type, id };
}

/**
 * The one gate of every analytics read and export: resolves the actor (session or API key),
 * the workspace (the key's own, or `workspace_id` with a session), runs authorize() for `action`
 * with the resource ref when one is named, and narrows a scoped member to their grants.
 */
export async function analyticsScope(
  c: Context<AppEnv>,
  deps: AppDeps,
  query: { workspace_id?: string; resource_id?: string },
  action: Extract<Action, 'analytics.view' | 'analytics.view_events' | 'analytics.export' | 'report.manage'>,
): Promise<AnalyticsScope> {
  const actor = await actorOf(c, deps);
  if (actor === null) throw new AuthenticationError('unauthenticated');
  const workspaceId = actor.kind === 'api_key' ? actor.apiKey.workspace_id : query.workspace_id;
  if (workspaceId === undefined) {
    throw new ValidationError([
      { field: 'workspace_id', issue: 'required', message: 'workspace_id is required with a session.' },
    ]);
  }
  const userId = actor.kind === 'user' ? actor.user.id : actor.apiKey.created_by_user_id;
  // the one authorize() loader every door uses (kernel/authorization.ts delegates to it too)
  const allowed = await requireAllowed(deps.pool, actor, workspaceId, action);
  const ref =
    query.resource_id === undefined ? undefined : await resourceRef(deps, workspaceId, query.resource_id);
  if (ref && allowed.membershipRow.is_scoped) {
    // A link is reached by its own grant or its folder's (D-622).
    const granted = await one(
      deps.pool,
      `SELECT 1 FROM resource_grants g WHERE g.member_id = $1 AND (
         (g.resource_type = $2 AND g.resource_id = $3)
         OR ($2::text = 'link' AND g.resource_type = 'folder' AND g.resource_id IN (
               SELECT l.folder_id FROM links l WHERE l.id = $3
               UNION SELECT hf.parent_id FROM links l JOIN link_folders hf ON hf.id = l.folder_id WHERE l.id = $3)))`,
      [allowed.membershipRow.id, ref.type, ref.id],
    );
    // an ungranted resource answers exactly like a missing one (docs/product-rules.md#permissions)
    if (!granted) throw new NotFoundError();
  }
  const ws = await one<RowOf<typeof workspaces, 'timeZone' | 'currentPlanKey'>>(
    deps.pool,
    'SELECT time_zone, current_plan_key FROM workspaces WHERE id = $1',
    [workspaceId],
  );
  if (!ws) throw new NotFoundError();
  let resourceIds: string[] | null = query.resource_id === undefined ? null : [query.resource_id];
  if (resourceIds === null && allowed.membershipRow.is_scoped) {
    // a scoped member (or a key they created) sees the workspace view of their granted resources only
    const grants = await rows<RowOf<typeof resourceGrants, 'resourceId'>>(
      deps.pool,
      `SELECT resource_id FROM resource_grants WHERE member_id = $1 AND resource_type IN ('link', 'qr_code', 'bio_page')
       UNION
       SELECT l.id FROM links l LEFT JOIN link_folders hf ON hf.id = l.folder_id
         JOIN resource_grants g ON g.member_id = $1 AND g.resource_type = 'folder' AND g.resource_id IN (l.folder_id, hf.parent_id)
        WHERE l.deleted_at IS NULL`,
      [allowed.membershipRow.id],
    );
    resourceIds = grants.map((g) => g.resource_id);
  }
  return {
    workspaceId,
    timeZone: ws.time_zone,
    plan: isPlanKey(ws.current_plan_key) ? ws.current_plan_key : 'free',
    resourceIds,
    userId,
  };
}

/**
 * Hourly rollups are read from this instant on (midnight UTC after the plan's hourly window
 * begins); older buckets come from the daily rollups. null: hourly rows are kept forever.
 */
export function hourlyCutoff(plan: PlanKey, now: Date): Date | null {
  const days = retentionDays(plan, 'hourly_rollup_days');
  if (days === null) return null;
  return new Date((Math.floor((now.getTime() - days * DAY_MS) / DAY_MS) + 1) * DAY_MS);
}
