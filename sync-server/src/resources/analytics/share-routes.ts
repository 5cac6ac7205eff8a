import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { isPlanKey } from '@linkhub/shared/entitlements/plans';
import { AuthorizationError, RateLimitError } from '@linkhub/shared/errors/app-error';
import { rateLimitKey } from '@linkhub/shared/cache/keys';
import { localeOfAcceptLanguage } from '@linkhub/shared/analytics/format';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, parseQuery, requestNetwork, uuidParam } from '../../http/session-context';
import { analyticsScope } from './scope';
import { dashboard } from './dashboard';
import { dashboardWindows } from '@linkhub/shared/server/analytics/dashboard-window';
import { resourceSet } from './resource-set';
import { workspaceOnlySchema } from './query-schemas';
import { hitWindow } from '../../http/rate-limit';
import { renderSharePage, shareBusyPage, shareGonePage } from './share-page';
import { shareCreateSchema, sharePageQuerySchema } from './share-selection';
import { findLiveShare, insertShare, listShares, revokeShare, shareView } from './shares';

/** Page loads per minute per client IP (the page costs one dashboard read). */
export const SHARE_PAGE_PER_MINUTE = 30;

const PERIOD_LINKS = [
  ['24h', 'Last 24 hours'],
  ['7d', 'Last 7 days'],
  ['30d', 'Last 30 days'],
  ['90d', 'Last 90 days'],
] as const;

/**
 * `/v1/analytics/shares`: create, list and revoke read-only shared dashboard links (`report.manage`:
 * owners, admins, editors). A scoped member may share only one of their granted resources.
 */
export function shareManagementRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const base = deps.config.PUBLIC_SYNC_URL;

  app.post('/', async (c) => {
    const body = await parseBody(c, shareCreateSchema);
    const workspace_id = body.workspace_id ?? parseQuery(c, workspaceOnlySchema).workspace_id;
    const scope = await analyticsScope(
      c,
      deps,
      { workspace_id, ...(body.selection.resource_id ? { resource_id: body.selection.resource_id } : {}) },
      'report.manage',
    );
    if (scope.resourceIds !== null && body.selection.resource_id === undefined)
      throw new AuthorizationError('insufficient_role', {
        message: 'Your access covers some resources only: share one of them.',
        details: [{ field: 'selection.resource_id', issue: 'required_for_scoped_member' }],
      });
    const row = await insertShare(deps.pool, {
      workspaceId: scope.workspaceId,
      userId: scope.userId,
      name: body.name,
      selection: body.selection,
    });
    c.header('Cache-Control', 'no-store');
    return c.json({ data: shareView(row, base), meta: {} }, 201);
  });

  app.get('/', async (c) => {
    const q = parseQuery(c, workspaceOnlySchema.strict());
    const scope = await analyticsScope(c, deps, q, 'report.manage');
    const rows = await listShares(deps.pool, scope.workspaceId);
    return c.json({ data: rows.map((r) => shareView(r, base)), meta: {} });
  });

  app.delete('/:id', async (c) => {
    const q = parseQuery(c, workspaceOnlySchema.strict());
    const scope = await analyticsScope(c, deps, q, 'report.manage');
    const row = await revokeShare(deps.pool, scope.workspaceId, uuidParam(c, 'id'));
    return c.json({ data: shareView(row, base), meta: {} });
  });

  return app;
}

/** A browser asking for the page (it sends text/html); a script keeps the error envelope. */
const acceptsHtml = (accept: string | undefined): boolean => accept?.includes('text/html') === true;

const ipBucket = (ip: string) =>
  createHash('sha256').update(`linkhub-share:${ip}`).digest('base64url').slice(0, 22);

/**
 * `GET /share/:token`: the shared dashboard as static HTML, no sign-in, rate limited per client
 * IP; a revoked or unknown token answers the same 404 page.
 */
export function sharePageRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/:token', async (c) => {
    const hit = await hitWindow(
      deps,
      rateLimitKey(deps.config.REDIS_PREFIX, 'share', ipBucket(requestNetwork(c, deps.accounts))),
      SHARE_PAGE_PER_MINUTE,
    ).catch(() => null);
    if (hit && !hit.admitted) {
      const error = new RateLimitError(hit.resetMs / 1000);
      if (!acceptsHtml(c.req.header('Accept'))) throw error;
      c.header('Retry-After', String(error.retryAfterSeconds));
      c.header('Cache-Control', 'no-store');
      return c.html(shareBusyPage(), 429);
    }
    const q = sharePageQuerySchema.parse(c.req.query());
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Robots-Tag', 'noindex');
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    const found = await findLiveShare(deps.pool, c.req.param('token'));
    if (!found) {
      c.header('Cache-Control', 'no-store');
      return c.html(shareGonePage(), 404);
    }
    const { share, selection } = found;
    const period = q.period ?? selection.period;
    const resourceIds = await resourceSet(
      deps.pool,
      share.workspace_id,
      selection,
      selection.resource_id === undefined ? null : [selection.resource_id],
    );
    const scope = {
      workspaceId: share.workspace_id,
      timeZone: found.timeZone,
      plan: isPlanKey(found.plan) ? found.plan : 'free',
      resourceIds,
      userId: null,
    };
    const now = new Date();
    const windows = await dashboardWindows(deps.pool, scope.timeZone, { period }, now);
    const data = await dashboard(deps.pool, scope, { ...windows, filters: selection.filters }, now);
    const token = encodeURIComponent(share.token);
    c.header('Cache-Control', 'private, no-store');
    return c.html(
      renderSharePage(data, selection.filters, {
        title: share.name,
        subtitle: found.workspaceName,
        locale: localeOfAcceptLanguage(c.req.header('Accept-Language')),
        periodLinks: PERIOD_LINKS.map(([p, label]) => ({
          label,
          href: `/share/${token}?period=${p}`,
          current: p === period,
        })),
      }),
    );
  });
  return app;
}
