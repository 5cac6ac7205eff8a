import { Hono } from 'hono';
import { pageSnapshotSchema } from '@linkhub/shared/blocks/snapshot';
import { one, withTransaction } from '@linkhub/shared/server/db/sql';
import { renderShareCard } from '@linkhub/shared/server/sharing/share-card';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { uuidParam } from '../../http/session-context';
import { requireAllowed } from '../../kernel/authorize-input';
import { actorOf } from '../../http/session';
import { draftSnapshot, loadPage } from './page-steps';
import { shareCardInput } from './share-card';

/**
 * `/api/workspaces/:workspaceId/pages/:pageId/share-card` (session): the card the page's draft
 * would publish (D-600), drawn now as PNG, for the editor's Sharing section. Nothing is stored; the
 * published card is drawn at publish. Read through `bio_page.view` (an ungranted page is a 404).
 */
export function pageShareCardRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/:workspaceId/pages/:pageId/share-card', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const pageId = uuidParam(c, 'pageId');
    await requireAllowed(deps.pool, await actorOf(c, deps), ws, 'bio_page.view', {
      type: 'bio_page',
      id: pageId,
    });
    const input = await withTransaction(deps.pool, async (tx) => {
      const page = await loadPage({ tx }, ws, pageId);
      const snapshot = pageSnapshotSchema.parse(await draftSnapshot({ tx }, page));
      const domain = await one<{ hostname: string }>(
        tx,
        'SELECT hostname FROM custom_domains WHERE id = $1',
        [page.domain_id],
      );
      return shareCardInput(snapshot, domain?.hostname ?? '', deps.artifacts);
    });
    const png = await renderShareCard(input);
    return new Response(new Uint8Array(png), {
      status: 200,
      headers: {
        'Content-Type': 'image/png',
        'Content-Length': String(png.byteLength),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
  return app;
}
