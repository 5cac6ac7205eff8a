import type { bioPages } from '@linkhub/shared/server/db/schema/bio-pages';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { NotFoundError } from '@linkhub/shared/errors/app-error';
import { archivePage } from '@linkhub/shared/mutators/pages';
import { one } from '@linkhub/shared/server/db/sql';
import { hostOf } from '../../kernel/domain-lookup';
import { schedulePageRefresh } from '../../kernel/redirect-cache';
import { audit } from '../../kernel/support';
import { defineCommand } from '../../kernel/types';
import { PAGE_EVENTS } from './webhook-events';

/** archivePage: the page leaves the public host (its cached render is purged); rows and versions stay. */
export const archivePageCommand = defineCommand(archivePage, {
  webhookEvent: PAGE_EVENTS.archived,
  run: async (ctx, args) => {
    const page = await one<RowOf<typeof bioPages, 'id' | 'domainId' | 'handle' | 'title'>>(
      ctx.tx,
      'SELECT id, domain_id, handle, title FROM bio_pages WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL FOR UPDATE',
      [args.id, args.workspace_id],
    );
    if (!page) throw new NotFoundError();
    await ctx.tx.query(
      'UPDATE bio_pages SET archived_at = now(), updated_by_user_id = $2, updated_at = now() WHERE id = $1',
      [page.id, ctx.by.userId],
    );
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'bio_page.archived',
      resourceType: 'bio_page',
      resourceId: page.id,
    });
    const host = await hostOf(ctx, page.domain_id);
    schedulePageRefresh(ctx, ctx.deps.cache, host, page.handle);
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return {
      workspaceId: args.workspace_id,
      resource: { type: 'bio_page', id: page.id, title: page.title || page.handle },
    };
  },
});
