import { Hono } from 'hono';
import { z } from 'zod';
import {
  leadCountsQuerySchema,
  leadListQuerySchema,
  leadWorkspaceQuerySchema,
} from '@linkhub/shared/schemas/leads';
import type { AppEnv } from '../../app-env';
import type { AppDeps } from '../../deps';
import { parseQuery, uuidParam } from '../../accounts/http';
import { authorizeRead, keyOrSessionCaller } from '../../v1/caller';
import { pageOf } from '../../v1/cursor';
import { sendData, sendList } from '../../v1/envelope';
import { leadCounts, listLeads, serializeLead } from '../../v1/queries/leads';
import { runCommands } from '../../v1/run';

/** What the deleteLead command reports (commands/leads.ts `LeadErasure`). */
const erasureSchema = z.object({ captureJobId: z.string().min(1) });

/**
 * `/v1/leads` (issue 19): the editor's leads screen, with the signed-in session naming the
 * workspace (`?workspace_id=`). Leads are dashboard-only personal data (spec §3.3.11): an API key
 * reaches none of these (authorize() answers 403 `action_not_available_to_api_key`, as for every
 * `leads` action). A lead is governed by its page: grants apply, an ungranted page answers 404.
 */
export function v1LeadRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const query = parseQuery(c, leadListQuerySchema);
    const caller = await keyOrSessionCaller(c, deps, query.workspace_id);
    const page = query.page_id === undefined ? undefined : ({ type: 'bio_page', id: query.page_id } as const);
    const scope = await authorizeRead(deps, caller, 'lead.list', 'bio_page', page);
    const { items, nextCursor } = pageOf(await listLeads(deps.pool, scope, query), query.limit);
    return sendList(c, items.map(serializeLead), nextCursor);
  });

  app.get('/counts', async (c) => {
    const query = parseQuery(c, leadCountsQuerySchema);
    const caller = await keyOrSessionCaller(c, deps, query.workspace_id);
    const scope = await authorizeRead(deps, caller, 'lead.list', 'bio_page');
    return sendData(c, await leadCounts(deps.pool, scope));
  });

  app.delete('/:id', async (c) => {
    const { workspace_id } = parseQuery(c, leadWorkspaceQuerySchema);
    const caller = await keyOrSessionCaller(c, deps, workspace_id);
    const id = uuidParam(c, 'id');
    const [result] = await runCommands(deps, caller, c.get('requestId'), [
      { name: 'deleteLead', args: { id, workspace_id: caller.workspaceId } },
    ]);
    // A sign-up of the same address on the same page may still wait in the queue: it goes too.
    const erasure = erasureSchema.safeParse(result?.value);
    if (erasure.success) {
      await deps.jobs
        .queue('lead-capture')
        .remove(erasure.data.captureJobId)
        .catch((err: unknown) =>
          deps.logger.warn(
            { err: err instanceof Error ? err.message : 'unknown' },
            'queued sign-up not removed',
          ),
        );
    }
    return sendData(c, { id, deleted: true });
  });

  return app;
}
