import { Hono } from 'hono';
import { z } from 'zod';
import {
  conversionsQuerySchema,
  leadCountsQuerySchema,
  leadExportInputSchema,
  leadListQuerySchema,
  leadWorkspaceQuerySchema,
} from '@linkhub/shared/schemas/leads';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { writeAudit } from '../../identity/audit';
import { parseBody, parseQuery, uuidParam } from '../../http/session-context';
import { findLeadsExport, leadExportView, openLeadsDownload, startLeadsExport } from './exports';
import { authorizeRead, keyOrSessionCaller } from '../../http/caller';
import { pageOf } from '../../http/cursor';
import { sendData, sendList } from '../../http/envelope';
import { leadCounts, listLeads, pageConversions, serializeLead } from './queries';
import { runCommands, commandStep } from '../../http/run';
import { deleteLeadCommand } from './commands';

/** What the deleteLead command reports (resources/leads/commands.ts `LeadErasure`). */
const erasureSchema = z.object({ captureJobId: z.string().min(1), exportFiles: z.array(z.string()) });

/** The action whose check guards every answer that holds leads' addresses. */
const ADDRESSES = 'lead.export';

const warn = (deps: AppDeps, what: string) => (err: unknown) =>
  deps.logger.warn({ err: err instanceof Error ? err.message : 'unknown' }, what);

/**
 * `/v1/leads`: the editor's leads screen, with the signed-in session naming the
 * workspace (`?workspace_id=`). Leads are dashboard-only personal data (docs/product-rules.md#personal-data): an API key
 * reaches none of these (authorize() answers 403 `action_not_available_to_api_key`, as for every
 * `leads` action). A lead is governed by its page: grants apply, an ungranted page answers 404.
 * Exports need a recent step-up (row 109, C5) and are audited with their row count. Whatever shows
 * the addresses themselves — the list and an export's file — asks exactly what starting an export
 * asks (`lead.export`: the same roles and grants as `lead.list`, plus the recent re-authentication),
 * so neither is a way round it. Counts and an export's progress show no address.
 */
export function v1LeadRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/', async (c) => {
    const query = parseQuery(c, leadListQuerySchema);
    const caller = await keyOrSessionCaller(c, deps, query.workspace_id);
    const page = query.page_id === undefined ? undefined : ({ type: 'bio_page', id: query.page_id } as const);
    const scope = await authorizeRead(deps, caller, ADDRESSES, 'bio_page', page);
    const { items, nextCursor } = pageOf(await listLeads(deps.pool, scope, query), query.limit);
    return sendList(c, items.map(serializeLead), nextCursor);
  });

  app.get('/counts', async (c) => {
    const query = parseQuery(c, leadCountsQuerySchema);
    const caller = await keyOrSessionCaller(c, deps, query.workspace_id);
    const scope = await authorizeRead(deps, caller, 'lead.list', 'bio_page');
    return sendData(c, await leadCounts(deps.pool, scope));
  });

  // Counts only (no address): analytics, so whoever may see the page's analytics may see them.
  app.get('/conversions', async (c) => {
    const query = parseQuery(c, conversionsQuerySchema);
    const caller = await keyOrSessionCaller(c, deps, query.workspace_id);
    const scope = await authorizeRead(deps, caller, 'analytics.view', 'bio_page', {
      type: 'bio_page',
      id: query.page_id,
    });
    return sendData(
      c,
      await pageConversions(
        deps.pool,
        scope.workspaceId,
        query.page_id,
        new Date(query.from),
        new Date(query.to),
      ),
    );
  });

  app.post('/exports', async (c) => {
    const input = await parseBody(c, leadExportInputSchema);
    const caller = await keyOrSessionCaller(c, deps, input.workspace_id);
    const page = input.page_id === undefined ? undefined : ({ type: 'bio_page', id: input.page_id } as const);
    const scope = await authorizeRead(deps, caller, 'lead.export', 'bio_page', page);
    const pageIds = input.page_id !== undefined ? [input.page_id] : scope.grantedIds;
    const row = await startLeadsExport(deps, {
      workspaceId: scope.workspaceId,
      userId: caller.by.userId,
      pageIds,
    });
    await writeAudit(deps.pool, {
      workspaceId: scope.workspaceId,
      action: 'lead.export_requested',
      resourceType: 'export',
      resourceId: row.id,
      after: { page_ids: pageIds },
      actor: caller.by.audit,
      requestId: c.get('requestId'),
    });
    return c.json({ data: leadExportView(row, scope.workspaceId), meta: {} }, 202);
  });

  app.get('/exports/:id', async (c) => {
    const { workspace_id } = parseQuery(c, leadWorkspaceQuerySchema);
    const caller = await keyOrSessionCaller(c, deps, workspace_id);
    const scope = await authorizeRead(deps, caller, 'lead.list', 'bio_page');
    return sendData(
      c,
      leadExportView(await findLeadsExport(deps, scope.workspaceId, uuidParam(c, 'id')), scope.workspaceId),
    );
  });

  app.get('/exports/:id/download', async (c) => {
    const { workspace_id } = parseQuery(c, leadWorkspaceQuerySchema);
    const caller = await keyOrSessionCaller(c, deps, workspace_id);
    const scope = await authorizeRead(deps, caller, ADDRESSES, 'bio_page');
    const file = await openLeadsDownload(
      deps,
      await findLeadsExport(deps, scope.workspaceId, uuidParam(c, 'id')),
    );
    return new Response(file.body, {
      status: 200,
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Length': String(file.size),
        'Content-Disposition': `attachment; filename="${file.filename}"`,
        'Cache-Control': 'private, no-store',
      },
    });
  });

  app.delete('/:id', async (c) => {
    const { workspace_id } = parseQuery(c, leadWorkspaceQuerySchema);
    const caller = await keyOrSessionCaller(c, deps, workspace_id);
    const id = uuidParam(c, 'id');
    const [result] = await runCommands(deps, caller, c.get('requestId'), [
      commandStep(deleteLeadCommand, { id, workspace_id: caller.workspaceId }),
    ]);
    const erasure = erasureSchema.safeParse(result?.value);
    if (erasure.success) {
      // A sign-up of the same address on the same page may still wait in the queue: it goes too.
      await deps.jobs
        .queue('lead-capture')
        .remove(erasure.data.captureJobId)
        .catch(warn(deps, 'queued sign-up not removed'));
      // Withdrawn exports' files go now (the nightly sweep would remove them too).
      for (const key of erasure.data.exportFiles)
        await deps.artifacts.delete(key).catch(warn(deps, 'export file not removed'));
    }
    return sendData(c, { id, deleted: true });
  });

  return app;
}
