import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseQuery, uuidParam } from '../../http/session-context';
import { actorOf } from '../../http/session';
import { auditQuerySchema, listAudit } from '../../identity/audit';
import { requireAllowed } from '../../kernel/authorize-input';

/** `/api/workspaces/:workspaceId/audit`: Owner/Admin read the audit log, newest first, cursor-paginated, filterable. */
export function auditRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/:workspaceId/audit', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const query = parseQuery(c, auditQuerySchema);
    await requireAllowed(deps.pool, await actorOf(c, deps), ws, 'audit.view');
    const { entries, nextCursor } = await listAudit(deps.pool, ws, query);
    return c.json({
      data: entries.map((e) => ({
        id: e.id,
        occurred_at: e.occurred_at,
        action: e.action,
        actor: {
          type: e.actor_type,
          user_id: e.actor_user_id,
          email: e.actor_email,
          api_key_id: e.actor_api_key_id,
          api_key_name: e.actor_api_key_name,
        },
        resource_type: e.resource_type,
        resource_id: e.resource_id,
        resource_name: e.resource_name,
        summary: e.summary,
        changes: e.changes,
        metadata: e.metadata,
        request_id: e.request_id,
      })),
      meta: { next_cursor: nextCursor },
    });
  });
  return app;
}
