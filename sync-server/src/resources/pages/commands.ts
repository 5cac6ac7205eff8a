import { generateNKeysBetween } from 'fractional-indexing';
import { NotFoundError, ValidationError } from '@linkhub/shared/errors/app-error';
import { pageSnapshotSchema } from '@linkhub/shared/blocks/snapshot';
import type { ResponsiveImage } from '@linkhub/shared/photos/responsive-image';
import {
  createPage,
  publishPage,
  restorePageVersion,
  unpublishPage,
  updatePage,
} from '@linkhub/shared/mutators/pages';
import { one, rows } from '@linkhub/shared/server/db/sql';
import { bioHostFor, hostOf } from '../../kernel/domain-lookup';
import { schedulePageRefresh, type CacheDeps } from '../../kernel/redirect-cache';
import { audit, grantToCreator, withConflicts } from '../../kernel/support';
import { keepNewerFields, nothingLeft } from '../../kernel/field-conflicts';
import type { Command, CommandContext, CommandResult } from '../../kernel/types';
import { defineCommand } from '../../kernel/types';
import { blockCommands } from './blocks';
import { recordChange } from '../../kernel/change-record';
import type { PageRow } from './page-row';
import { assertPhoto, photosOf } from './photos';
import { generatedShareCard, uploadedShareImage, type ShareCards } from './share-card';
import { saveSharing } from './sharing';
import { SHARING_UPDATABLE } from '@linkhub/shared/mutators/page-sharing';

export type { PageRow } from './page-row';

export async function loadPage(
  ctx: Pick<CommandContext, 'tx'>,
  workspaceId: string,
  id: string,
): Promise<PageRow> {
  const page = await one<PageRow>(
    ctx.tx,
    'SELECT id, workspace_id, domain_id, handle, title, bio, theme, avatar_asset_id, share_title, share_description, share_image_asset_id, language, draft_revision, published_revision FROM bio_pages WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL FOR UPDATE',
    [id, workspaceId],
  );
  if (!page) throw new NotFoundError();
  return page;
}

/** The page and its live blocks in order: the draft as a full snapshot (versions and publish both use it). */
export async function draftSnapshot(
  ctx: Pick<CommandContext, 'tx'>,
  page: PageRow,
): Promise<Record<string, unknown>> {
  const blocks = await rows<{ id: string; type: string; data: Record<string, unknown> }>(
    ctx.tx,
    'SELECT id, type, data FROM bio_blocks WHERE page_id = $1 AND deleted_at IS NULL AND is_visible ORDER BY position, id',
    [page.id],
  );
  // Uploaded photos travel in the snapshot as their variants, so the edge renders them without a lookup (D-585).
  const assetIds = blocks.flatMap((b) => (typeof b.data.asset_id === 'string' ? [b.data.asset_id] : []));
  const backgroundId = typeof page.theme.background_photo === 'string' ? page.theme.background_photo : null;
  const photos = await photosOf(ctx, page.workspace_id, [
    ...(page.avatar_asset_id === null ? [] : [page.avatar_asset_id]),
    ...(backgroundId === null ? [] : [backgroundId]),
    ...assetIds,
    ...(page.share_image_asset_id === null ? [] : [page.share_image_asset_id]),
  ]);
  const shareImage = page.share_image_asset_id === null ? undefined : photos.get(page.share_image_asset_id);
  const avatar = page.avatar_asset_id === null ? undefined : photos.get(page.avatar_asset_id);
  const background = backgroundId === null ? undefined : photos.get(backgroundId);
  return {
    id: page.id,
    workspace_id: page.workspace_id,
    handle: page.handle,
    title: page.title,
    bio: page.bio,
    theme: page.theme,
    ...(avatar === undefined ? {} : { avatar: { url: jpegOf(avatar), alt: '', image: avatar } }),
    ...(background === undefined ? {} : { background }),
    // Link previews and language (D-600, D-602); the generated card is added at publish.
    lang: page.language,
    seo: {
      title: page.share_title === '' ? null : page.share_title,
      description: page.share_description === '' ? null : page.share_description,
      noindex: false,
    },
    ...(shareImage === undefined ? {} : { share_image: uploadedShareImage(shareImage) }),
    blocks: blocks.map((b) => {
      const image = typeof b.data.asset_id === 'string' ? photos.get(b.data.asset_id) : undefined;
      // The photo shows only while the block's URL is still one of its files (a typed URL replaces it).
      const shown = image?.variants.some((v) => v.path === b.data.url) === true;
      return image === undefined || !shown ? b : { ...b, data: { ...b.data, image } };
    }),
  };
}

/** Every draft edit bumps the revision and keeps a full snapshot: concurrent edits stay restorable. */
export async function recordDraft(ctx: CommandContext, pageId: string, workspaceId: string): Promise<void> {
  await ctx.tx.query(
    'UPDATE bio_pages SET draft_revision = draft_revision + 1, updated_by_user_id = $2, updated_at = now() WHERE id = $1',
    [pageId, ctx.by.userId],
  );
  const page = await loadPage(ctx, workspaceId, pageId);
  await ctx.tx.query(
    `INSERT INTO bio_page_versions (page_id, workspace_id, version, kind, draft_revision, snapshot, created_by_user_id)
     VALUES ($1, $2, COALESCE((SELECT max(version) FROM bio_page_versions WHERE page_id = $1), 0) + 1, 'draft', $3, $4, $5)`,
    [pageId, workspaceId, page.draft_revision, JSON.stringify(await draftSnapshot(ctx, page)), ctx.by.userId],
  );
}

/** Makes the page's current draft its public snapshot: a published version, an audit entry, the cache refreshed after commit. */
export async function publishDraft(
  ctx: CommandContext,
  cache: CacheDeps,
  page: PageRow,
  cards?: ShareCards,
): Promise<void> {
  // The revision goes into the public snapshot: a sign-up records which version's consent text it agreed to.
  const parsed = pageSnapshotSchema.safeParse({
    ...(await draftSnapshot(ctx, page)),
    revision: page.draft_revision,
  });
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const host = await hostOf(ctx, page.domain_id);
  // The generated card (D-600) when no card was uploaded.
  if (parsed.data.share_image === undefined) {
    const card = await generatedShareCard(ctx, parsed.data, host, cards);
    if (card !== undefined) parsed.data.share_image = card;
  }
  await ctx.tx.query(
    'UPDATE bio_pages SET published_snapshot = $2, published_at = now(), published_revision = draft_revision, updated_by_user_id = $3 WHERE id = $1',
    [page.id, JSON.stringify(parsed.data), ctx.by.userId],
  );
  await ctx.tx.query(
    `INSERT INTO bio_page_versions (page_id, workspace_id, version, kind, draft_revision, snapshot, created_by_user_id)
     VALUES ($1, $2, COALESCE((SELECT max(version) FROM bio_page_versions WHERE page_id = $1), 0) + 1, 'published', $3, $4, $5)`,
    [page.id, page.workspace_id, page.draft_revision, JSON.stringify(parsed.data), ctx.by.userId],
  );
  await audit(ctx, {
    workspaceId: page.workspace_id,
    action: 'bio_page.published',
    resourceType: 'bio_page',
    resourceId: page.id,
    after: { draft_revision: page.draft_revision },
  });
  schedulePageRefresh(ctx, cache, host, page.handle);
}

/** The widest JPEG of a photo: the plain `src` for a renderer that does not use `<picture>`. */
function jpegOf(image: ResponsiveImage): string {
  const jpegs = image.variants.filter((v) => v.format === 'jpeg');
  return (jpegs.length > 0 ? jpegs : image.variants).reduce((a, b) => (b.width > a.width ? b : a)).path;
}

const describePage: Command['describe'] = async (ctx, raw) => {
  // Refused args may be malformed: read them defensively.
  const args = raw as { id?: unknown; page_id?: unknown; workspace_id?: unknown };
  const pageId = typeof args.page_id === 'string' ? args.page_id : args.id;
  if (typeof pageId !== 'string' || !/^[0-9a-f-]{36}$/i.test(pageId)) return { workspaceId: null };
  const row = await one<{ title: string; handle: string; workspace_id: string }>(
    ctx.tx,
    'SELECT title, handle, workspace_id FROM bio_pages WHERE id = $1',
    [pageId],
  );
  return row && row.workspace_id === args.workspace_id
    ? {
        workspaceId: row.workspace_id,
        resource: { type: 'bio_page', id: pageId, title: row.title || `@${row.handle}` },
      }
    : { workspaceId: null };
};

const pageResource = (page: Pick<PageRow, 'id' | 'title' | 'handle'>) => ({
  type: 'bio_page',
  id: page.id,
  title: page.title || `@${page.handle}`,
});

const result = (page: Pick<PageRow, 'id' | 'workspace_id' | 'title' | 'handle'>): CommandResult => ({
  workspaceId: page.workspace_id,
  resource: pageResource(page),
});

export function pageCommands(cache: CacheDeps, cards?: ShareCards): Command[] {
  const create = defineCommand(createPage, {
    run: async (ctx, args) => {
      const host = await bioHostFor(ctx, args.workspace_id, args.domain_id);
      if (args.avatar_asset_id !== undefined && args.avatar_asset_id !== null)
        await assertPhoto(ctx, args.workspace_id, args.avatar_asset_id, 'avatar');
      if (typeof args.theme?.background_photo === 'string')
        await assertPhoto(ctx, args.workspace_id, args.theme.background_photo, 'theme.background_photo');
      await withConflicts(() =>
        ctx.tx.query(
          `INSERT INTO bio_pages (id, workspace_id, domain_id, handle, title, bio, theme, avatar_asset_id, created_by_user_id, updated_by_user_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $9, $8, $8)`,
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
      return result({ id: args.id, workspace_id: args.workspace_id, title: args.title, handle: args.handle });
    },
  });

  const update = defineCommand(updatePage, {
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
      if (nothingLeft(args, ['id', 'workspace_id'])) return result(before);
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
                  avatar_asset_id = CASE WHEN $7::boolean THEN $8::uuid ELSE avatar_asset_id END
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
        fields: ['handle', 'title', 'bio', 'theme', 'avatar_asset_id', 'domain_id', ...SHARING_UPDATABLE],
        perKey: ['theme'],
      });
      const moved =
        (args.handle !== undefined && args.handle !== before.handle) ||
        (domain !== null && domain.id !== before.domain_id);
      if (moved) {
        // The old address stops serving at once; the new one serves the published snapshot, if any.
        schedulePageRefresh(ctx, cache, await hostOf(ctx, before.domain_id), before.handle);
        schedulePageRefresh(
          ctx,
          cache,
          domain?.hostname ?? (await hostOf(ctx, before.domain_id)),
          args.handle ?? before.handle,
        );
      }
      ctx.effects.poke({ workspaceId: args.workspace_id });
      return result(before);
    },
  });

  const publish = defineCommand(publishPage, {
    describe: describePage,
    run: async (ctx, args) => {
      const page = await loadPage(ctx, args.workspace_id, args.id);
      // Already live as it stands (a second device, an integration calling twice): an identical
      // version would only crowd the history.
      if (page.published_revision === page.draft_revision) return result(page);
      await publishDraft(ctx, cache, page, cards);
      ctx.effects.poke({ workspaceId: args.workspace_id });
      return result(page);
    },
  });

  const unpublish = defineCommand(unpublishPage, {
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
      schedulePageRefresh(ctx, cache, host, page.handle);
      ctx.effects.poke({ workspaceId: args.workspace_id });
      return result(page);
    },
  });

  const restore = defineCommand(restorePageVersion, {
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
      await ctx.tx.query(
        'UPDATE bio_blocks SET deleted_at = now() WHERE page_id = $1 AND deleted_at IS NULL',
        [args.id],
      );
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
      return result(page);
    },
  });

  return [
    create,
    update,
    publish,
    unpublish,
    restore,
    ...blockCommands({ loadPage, recordDraft, describePage, result }),
  ];
}
