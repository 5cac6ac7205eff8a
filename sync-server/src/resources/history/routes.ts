import { Hono } from 'hono';
import { historyQuerySchema } from '@linkhub/shared/schemas/history';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseQuery, uuidParam } from '../../http/session-context';
import { requireAllowed } from '../../kernel/authorize-input';
import { actorOf } from '../../http/session';
import { HISTORY_READ_ACTION, listHistory } from './history';

/**
 * `/api/workspaces/:workspaceId/history` (session): one resource's changes field by field, newest
 * first, for the editors' History panel. Authorized with the resource's own read action, so an
 * ungranted or foreign resource answers the same 404 as a missing one.
 */
export function historyRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/:workspaceId/history', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const query = parseQuery(c, historyQuerySchema);
    await requireAllowed(deps.pool, await actorOf(c, deps), ws, HISTORY_READ_ACTION[query.resource_type], {
      type: query.resource_type,
      id: query.resource_id,
    });
    const { entries, nextCursor } = await listHistory(deps.pool, ws, query);
    return c.json({ data: entries, meta: { next_cursor: nextCursor } });
  });
  return app;
}
