import type { RowOf } from '@linkhub/shared/server/db/row';
import type { bioPageVersions } from '@linkhub/shared/server/db/schema/bio-pages';
import { Hono } from 'hono';
import { pageVersionsQuerySchema, type PageVersionView } from '@linkhub/shared/schemas/page-versions';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseQuery, uuidParam } from '../../http/session-context';
import { rows } from '@linkhub/shared/server/db/sql';
import { requireAllowed } from '../../kernel/authorize-input';
import { actorOf } from '../../http/session';

type VersionRow = RowOf<
  typeof bioPageVersions,
  'version' | 'kind' | 'draftRevision' | 'createdAt' | 'snapshot'
> & {
  author_name: string | null;
  author_email: string | null;
};

/**
 * `/api/workspaces/:workspaceId/pages/:pageId/versions` (session): the page's version history,
 * newest first, for the editor's history panel. Read through `bio_page.view_versions`, so an
 * ungranted or foreign page answers the same 404 as a missing one. Restoring is the
 * `restorePageVersion` mutation (authorised like every edit), not a route.
 */
export function pageVersionRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/:workspaceId/pages/:pageId/versions', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const pageId = uuidParam(c, 'pageId');
    const query = parseQuery(c, pageVersionsQuerySchema);
    await requireAllowed(deps.pool, await actorOf(c, deps), ws, 'bio_page.view_versions', {
      type: 'bio_page',
      id: pageId,
    });
    const found = await rows<VersionRow>(
      deps.pool,
      `SELECT v.version, v.kind, v.draft_revision, v.created_at, v.snapshot, u.name AS author_name, u.email AS author_email
         FROM bio_page_versions v LEFT JOIN users u ON u.id = v.created_by_user_id
        WHERE v.page_id = $1 AND v.workspace_id = $2 AND ($3 = 'all' OR v.kind = 'published')
        ORDER BY v.version DESC LIMIT $4`,
      [pageId, ws, query.kind, query.limit],
    );
    const data: PageVersionView[] = found.map((r) => ({
      version: r.version,
      kind: r.kind,
      draft_revision: r.draft_revision,
      created_at: r.created_at.toISOString(),
      created_by: r.author_email === null ? null : { name: r.author_name ?? '', email: r.author_email },
      block_count: Array.isArray(r.snapshot.blocks) ? r.snapshot.blocks.length : 0,
      snapshot: r.snapshot,
    }));
    return c.json({ data, meta: {} });
  });
  return app;
}
