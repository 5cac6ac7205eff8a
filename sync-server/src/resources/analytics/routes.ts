import { Hono, type Context } from 'hono';
import { bearerToken } from '../../http/session';
import { isApiKeyToken } from '../../identity/api-key-token';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, parseQuery, uuidParam } from '../../http/session-context';
import { breakdown, compareWithPrevious, topResources, totals } from './aggregates';
import { blockNames } from './block-names';
import { exportView, findExport, openDownload, startExport } from './exports';
import {
  breakdownSchema,
  exportCreateSchema,
  timeseriesSchema,
  topSchema,
  totalsSchema,
  windowOf,
  workspaceOnlySchema,
} from './query-schemas';
import { analyticsScope } from './scope';
import { timeseries } from './timeseries';
import { dashboard } from './dashboard';
import { dashboardQuerySchema, filtersOf, realtimeQuerySchema } from './dashboard-query';
import { dashboardWindows } from '@linkhub/shared/server/analytics/dashboard-window';
import { realtime } from './realtime';
import { resourceSet } from './resource-set';
import { shareManagementRoutes } from './share-routes';
import { readReportSetting, reportSettingSchema, writeReportSetting } from './report-subscriptions';
import { AuthorizationError } from '@linkhub/shared/errors/app-error';

/**
 * `/v1/analytics/*` (docs/product-rules.md#analytics): session (`workspace_id` in the query) or API key
 * (`analytics:read`). Reads come from the rollups; bots are excluded from every count and reported
 * as `bot_events`. Bodies are `{data, meta}`. The counts read `deps.readPool` (DATABASE_READ_URL, a
 * replica when set: seconds of lag are invisible in rollups); scope checks and the report setting a
 * member has just saved read the primary.
 */
export function analyticsRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const metaOf = (
    scope: { workspaceId: string; timeZone: string; resourceIds: string[] | null },
    w: { from: Date; to: Date },
    extra: Record<string, unknown> = {},
  ) => ({
    workspace_id: scope.workspaceId,
    time_zone: scope.timeZone,
    resource_id: scope.resourceIds?.length === 1 ? scope.resourceIds[0] : null,
    from: w.from.toISOString(),
    to: w.to.toISOString(),
    ...extra,
  });

  app.get('/timeseries', async (c) => {
    const q = parseQuery(c, timeseriesSchema);
    const scope = await analyticsScope(c, deps, q, 'analytics.view');
    const w = windowOf(q, new Date());
    const data = await timeseries(deps.readPool, scope, { ...w, interval: q.interval });
    return c.json({
      data,
      meta: metaOf(scope, w, { interval: q.interval, bots: 'excluded (see bot_events)' }),
    });
  });

  app.route('/shares', shareManagementRoutes(deps));

  // the signed-in member's own weekly or monthly report mail (a session: an API key has no inbox)
  const reportUser = (scope: { userId: string | null }, c: Context<AppEnv>) => {
    const token = bearerToken(c);
    if (scope.userId === null || (token !== null && isApiKeyToken(token)))
      throw new AuthorizationError('insufficient_role', {
        message: 'Report mails belong to a signed-in member.',
        details: [{ field: 'Authorization', issue: 'session_required' }],
      });
    return scope.userId;
  };
  app.get('/reports', async (c) => {
    const q = parseQuery(c, workspaceOnlySchema.strict());
    const scope = await analyticsScope(c, deps, q, 'analytics.view');
    return c.json({
      data: await readReportSetting(deps.pool, scope.workspaceId, reportUser(scope, c)),
      meta: {},
    });
  });
  app.put('/reports', async (c) => {
    const body = await parseBody(c, reportSettingSchema);
    const workspace_id = body.workspace_id ?? parseQuery(c, workspaceOnlySchema).workspace_id;
    const scope = await analyticsScope(c, deps, { workspace_id }, 'analytics.view');
    const userId = reportUser(scope, c);
    return c.json({
      data: await writeReportSetting(deps.pool, scope.workspaceId, userId, body.frequency),
      meta: {},
    });
  });

  app.get('/dashboard', async (c) => {
    const q = parseQuery(c, dashboardQuerySchema);
    const scope = await analyticsScope(c, deps, q, 'analytics.view');
    const now = new Date();
    const resourceIds = await resourceSet(deps.readPool, scope.workspaceId, q, scope.resourceIds);
    const windows = await dashboardWindows(deps.readPool, scope.timeZone, q, now);
    const data = await dashboard(
      deps.readPool,
      { ...scope, resourceIds },
      { ...windows, filters: filtersOf(q) },
      now,
    );
    return c.json({ data, meta: metaOf(scope, windows.current, { period: q.period }) });
  });

  app.get('/realtime', async (c) => {
    const q = parseQuery(c, realtimeQuerySchema);
    const scope = await analyticsScope(c, deps, q, 'analytics.view');
    return c.json({ data: await realtime(deps.readPool, scope.workspaceId, scope.resourceIds), meta: {} });
  });

  app.get('/breakdown', async (c) => {
    const q = parseQuery(c, breakdownSchema);
    const scope = await analyticsScope(c, deps, q, 'analytics.view');
    const w = windowOf(q, new Date());
    const data = await breakdown(deps.readPool, scope, {
      ...w,
      dimension: q.dimension,
      limit: q.limit,
      event_type: q.event_type,
      include_bots: q.include_bots,
    });
    // D-607: a block's clicks name the block (its button text), not only its id.
    const names =
      q.dimension === 'block'
        ? await blockNames(
            deps.readPool,
            scope.workspaceId,
            data.map((r) => r.value),
          )
        : null;
    return c.json({
      data:
        names === null
          ? data
          : data.map((r) => ({ ...r, label: r.value === null ? null : (names[r.value] ?? null) })),
      meta: metaOf(scope, w, {
        dimension: q.dimension,
        event_type: q.event_type ?? null,
        include_bots: q.include_bots ?? false,
      }),
    });
  });

  app.get('/totals', async (c) => {
    const q = parseQuery(c, totalsSchema);
    const scope = await analyticsScope(c, deps, q, 'analytics.view');
    const w = windowOf(q, new Date());
    if (q.compare === 'previous') {
      const cmp = await compareWithPrevious(deps.readPool, scope, w);
      return c.json({
        data: cmp.current,
        meta: metaOf(scope, w, {
          compare: {
            from: cmp.previous_from,
            to: cmp.previous_to,
            previous: cmp.previous,
            change: cmp.change,
          },
        }),
      });
    }
    return c.json({ data: await totals(deps.readPool, scope, w), meta: metaOf(scope, w) });
  });

  app.get('/compare', async (c) => {
    const q = parseQuery(c, totalsSchema);
    const scope = await analyticsScope(c, deps, q, 'analytics.view');
    const w = windowOf(q, new Date());
    return c.json({ data: await compareWithPrevious(deps.readPool, scope, w), meta: metaOf(scope, w) });
  });

  app.get('/top', async (c) => {
    const q = parseQuery(c, topSchema);
    const scope = await analyticsScope(c, deps, q, 'analytics.view');
    const w = windowOf(q, new Date());
    const data = await topResources(deps.readPool, scope, {
      ...w,
      limit: q.limit,
      resource_type: q.resource_type,
      event_type: q.event_type,
      include_bots: q.include_bots,
    });
    return c.json({ data, meta: metaOf(scope, w, { resource_type: q.resource_type ?? null }) });
  });

  app.post('/exports', async (c) => {
    const body = await parseBody(c, exportCreateSchema);
    const inQuery = parseQuery(c, workspaceOnlySchema).workspace_id;
    const action = body.source === 'raw' ? 'analytics.view_events' : 'analytics.export';
    const workspace_id = body.workspace_id ?? inQuery;
    const named = [
      ...new Set([
        ...(body.resource_id === undefined ? [] : [body.resource_id]),
        ...(body.resource_ids ?? []),
      ]),
    ];
    // Each named resource passes the same gate as a single `resource_id` (404 when foreign or not granted).
    const scopes = [];
    for (const resource_id of named)
      scopes.push(await analyticsScope(c, deps, { workspace_id, resource_id }, action));
    const first = scopes[0] ?? (await analyticsScope(c, deps, { workspace_id }, action));
    const base = named.length === 0 ? first : { ...first, resourceIds: named };
    // A tag or a domain narrows to its resources, as on the dashboard view the export was started from.
    const set = {
      ...(body.tag === undefined ? {} : { tag: body.tag }),
      ...(body.domain === undefined ? {} : { domain: body.domain }),
    };
    const scope = {
      ...base,
      resourceIds: await resourceSet(deps.pool, base.workspaceId, set, base.resourceIds),
    };
    const row = await startExport(deps, scope, body);
    return c.json({ data: exportView(row), meta: {} }, 202);
  });

  app.get('/exports/:id', async (c) => {
    const q = parseQuery(c, workspaceOnlySchema);
    const scope = await analyticsScope(c, deps, q, 'analytics.export');
    return c.json({
      data: exportView(await findExport(deps, scope.workspaceId, uuidParam(c, 'id'))),
      meta: {},
    });
  });

  app.get('/exports/:id/download', async (c) => {
    const q = parseQuery(c, workspaceOnlySchema);
    const scope = await analyticsScope(c, deps, q, 'analytics.export');
    const file = await openDownload(deps, await findExport(deps, scope.workspaceId, uuidParam(c, 'id')));
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

  return app;
}
