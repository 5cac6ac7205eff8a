import { generateNKeysBetween } from 'fractional-indexing';
import { NotFoundError } from '@linkhub/shared/errors/app-error';
import {
  createPage,
  publishPage,
  restorePageVersion,
  unpublishPage,
  updatePage,
  PAGE_UPDATABLE,
} from '@linkhub/shared/mutators/pages';
import { one } from '@linkhub/shared/server/db/sql';
import { bioHostFor, hostOf } from '../../kernel/domain-lookup';
import { schedulePageRefresh } from '../../kernel/redirect-cache';
import { audit, grantToCreator, withConflicts } from '../../kernel/support';
import { keepNewerFields, nothingLeft } from '../../kernel/field-conflicts';
import { defineCommand } from '../../kernel/types';
import { recordChange } from '../../kernel/change-record';
import { describePage, loadPage, pageResource, pageResult, publishDraft, recordDraft } from './page-steps';
import { assertPhoto } from './photos';
import { saveSharing } from './sharing';
import { PAGE_EVENTS } from './webhook-events';

export const createPageCommand = defineCommand(createPage, {
  webhookEvent: PAGE_EVENTS.created,
  run: async (ctx, args) => {
    const host = await bioHostFor(ctx, args.workspace_id, args.domain_id);
    if (args.avatar_asset_id !== undefined && args.avatar_asset_id !== null)
      await assertPhoto(ctx, args.workspace_id, args.avatar_asset_id, 'avatar');
    if (typeof args.theme?.background_photo === 'string')
      await assertPhoto(ctx, args.workspace_id, args.theme.background_photo, 'theme.background_photo');
    await withConflicts(() =>
      ctx.tx.query(
        `INSERT INTO bio_pages (id, workspace_id, domain_id, handle, title, bio, theme, avatar_asset_id, created_by_user_id, updated_by_user_id, notice)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $9, $8, $8, $10)`,
        [
          args.id,
          args.workspace_id,
          host.id,
          args.handle,
          args.title,
          args.bio ?? '',
          JSON.stringify(args.theme ?? {}),
          ctx.by.userId,
          args.avatar_asset_id ?? null,
          args.notice === undefined || args.notice === null ? null : JSON.stringify(args.notice),
        ],
      ),
    );
    await saveSharing(ctx, args);
    await grantToCreator(ctx, args.workspace_id, 'bio_page', args.id);
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'bio_page.created',
      resourceType: 'bio_page',
      resourceId: args.id,
      after: { handle: args.handle },
    });
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return pageResult({
      id: args.id,
      workspace_id: args.workspace_id,
      title: args.title,
      handle: args.handle,
    });
  },
});

export const updatePageCommand = defineCommand(updatePage, {
  webhookEvent: PAGE_EVENTS.updated,
  describe: describePage,
  run: async (ctx, edit) => {
    const before = await loadPage(ctx, edit.workspace_id, edit.id);
    const { args } = await keepNewerFields(ctx, {
      args: edit,
      // The loaded row holds every updatable field of a page.
      current: before,
      merged: ['theme'],
      resource: { ...pageResource(before), workspaceId: before.workspace_id },
      mutation: updatePage.name,
      ref: { id: edit.id, workspace_id: edit.workspace_id },
    });
    if (nothingLeft(args, ['id', 'workspace_id'])) return pageResult(before);
    const domain =
      args.domain_id === undefined ? null : await bioHostFor(ctx, args.workspace_id, args.domain_id);
    if (args.avatar_asset_id !== undefined && args.avatar_asset_id !== null)
      await assertPhoto(ctx, args.workspace_id, args.avatar_asset_id, 'avatar');
    if (typeof args.theme?.background_photo === 'string')
      await assertPhoto(ctx, args.workspace_id, args.theme.background_photo, 'theme.background_photo');
    await withConflicts(() =>
      ctx.tx.query(
        `UPDATE bio_pages SET handle = COALESCE($2, handle), title = COALESCE($3, title), bio = COALESCE($4, bio),
                  theme = CASE WHEN $5::jsonb IS NULL THEN theme ELSE theme || $5::jsonb END,
                  domain_id = COALESCE($6, domain_id),
                  avatar_asset_id = CASE WHEN $7::boolean THEN $8::uuid ELSE avatar_asset_id END,
                  notice = CASE WHEN $9::boolean THEN $10::jsonb ELSE notice END
            WHERE id = $1`,
        [
          args.id,
          args.handle ?? null,
          args.title ?? null,
          args.bio ?? null,
          args.theme === undefined ? null : JSON.stringify(args.theme),
          domain?.id ?? null,
          args.avatar_asset_id !== undefined,
          args.avatar_asset_id ?? null,
          args.notice !== undefined,
          args.notice === undefined || args.notice === null ? null : JSON.stringify(args.notice),
        ],
      ),
    );
    await saveSharing(ctx, args);
    await recordDraft(ctx, args.id, args.workspace_id);
    await recordChange(ctx, {
      workspaceId: args.workspace_id,
      action: 'bio_page.updated',
      resourceType: 'bio_page',
      resourceId: args.id,
      table: 'bio_pages',
      rowId: args.id,
      before,
      fields: PAGE_UPDATABLE,
      perKey: ['theme'],
    });
    const moved =
      (args.handle !== undefined && args.handle !== before.handle) ||
      (domain !== null && domain.id !== before.domain_id);
    if (moved) {
      // The old address stops serving at once; the new one serves the published snapshot, if any.
      schedulePageRefresh(ctx, ctx.deps.cache, await hostOf(ctx, before.domain_id), before.handle);
      schedulePageRefresh(
        ctx,
        ctx.deps.cache,
        domain?.hostname ?? (await hostOf(ctx, before.domain_id)),
        args.handle ?? before.handle,
      );
    }
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return pageResult(before);
  },
});

export const publishPageCommand = defineCommand(publishPage, {
  webhookEvent: PAGE_EVENTS.published,
  describe: describePage,
  run: async (ctx, args) => {
    const page = await loadPage(ctx, args.workspace_id, args.id);
    // Already live as it stands (a second device, an integration calling twice): an identical
    // version would only crowd the history.
    if (page.published_revision === page.draft_revision) return pageResult(page);
    await publishDraft(ctx, page);
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return pageResult(page);
  },
});

export const unpublishPageCommand = defineCommand(unpublishPage, {
  webhookEvent: PAGE_EVENTS.updated,
  describe: describePage,
  run: async (ctx, args) => {
    const page = await loadPage(ctx, args.workspace_id, args.id);
    await ctx.tx.query(
      'UPDATE bio_pages SET published_snapshot = NULL, published_at = NULL, published_revision = NULL, updated_by_user_id = $2 WHERE id = $1',
      [page.id, ctx.by.userId],
    );
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'bio_page.unpublished',
      resourceType: 'bio_page',
      resourceId: args.id,
    });
    const host = await hostOf(ctx, page.domain_id);
    schedulePageRefresh(ctx, ctx.deps.cache, host, page.handle);
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return pageResult(page);
  },
});

export const restorePageVersionCommand = defineCommand(restorePageVersion, {
  webhookEvent: PAGE_EVENTS.updated,
  describe: describePage,
  run: async (ctx, args) => {
    const page = await loadPage(ctx, args.workspace_id, args.id);
    const version = await one<{
      snapshot: {
        title?: string;
        bio?: string;
        theme?: Record<string, unknown>;
        blocks?: Array<{ id: string; type: string; data: Record<string, unknown> }>;
      };
    }>(ctx.tx, 'SELECT snapshot FROM bio_page_versions WHERE page_id = $1 AND version = $2', [
      args.id,
      args.version,
    ]);
    if (!version) throw new NotFoundError({ details: [{ field: 'version', issue: 'not_found' }] });
    const snap = version.snapshot;
    await ctx.tx.query('UPDATE bio_pages SET title = $2, bio = $3, theme = $4 WHERE id = $1', [
      args.id,
      snap.title ?? page.title,
      snap.bio ?? page.bio,
      JSON.stringify(snap.theme ?? page.theme),
    ]);
    await ctx.tx.query('UPDATE bio_blocks SET deleted_at = now() WHERE page_id = $1 AND deleted_at IS NULL', [
      args.id,
    ]);
    const blocks = snap.blocks ?? [];
    // Fresh fractional keys, so the editor can add and move blocks after a restore.
    const positions = generateNKeysBetween(null, null, blocks.length);
    for (const [index, block] of blocks.entries()) {
      await ctx.tx.query(
        `INSERT INTO bio_blocks (id, page_id, workspace_id, position, type, data, created_by_user_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (id) DO UPDATE SET deleted_at = NULL, is_visible = true, position = EXCLUDED.position, type = EXCLUDED.type, data = EXCLUDED.data, updated_at = now()`,
        [
          block.id,
          args.id,
          args.workspace_id,
          positions[index] ?? `a${index.toString(36)}`,
          block.type,
          JSON.stringify(block.data),
          ctx.by.userId,
        ],
      );
    }
    await recordDraft(ctx, args.id, args.workspace_id);
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'bio_page.version_restored',
      resourceType: 'bio_page',
      resourceId: args.id,
      after: { version: args.version },
    });
    ctx.effects.poke({ workspaceId: args.workspace_id });
    return pageResult(page);
  },
});
