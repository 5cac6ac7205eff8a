import type { bioPages } from '@linkhub/shared/server/db/schema/bio-pages';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { NotFoundError, ValidationError } from '@linkhub/shared/errors/app-error';
import { pageSnapshotSchema } from '@linkhub/shared/blocks/snapshot';
import type { ResponsiveImage } from '@linkhub/shared/photos/responsive-image';
import { one, rows } from '@linkhub/shared/server/db/sql';
import { hostOf } from '../../kernel/domain-lookup';
import { schedulePageRefresh } from '../../kernel/redirect-cache';
import { audit } from '../../kernel/support';
import type { Command, CommandContext, CommandResult } from '../../kernel/types';
import type { PageRow } from '@linkhub/shared/server/db/page-row';
import { photosOf } from './photos';
import { generatedShareCard, uploadedShareImage } from './share-card';
import {
  embedThumbnailJob,
  missingThumbnails,
  storedThumbnails,
  withThumbnails,
} from '@linkhub/shared/server/embeds/embed-thumbnails';

/** A page's row as its commands lock and read it. */
export type LockedPage = Pick<
  PageRow,
  | 'id'
  | 'workspace_id'
  | 'domain_id'
  | 'handle'
  | 'title'
  | 'bio'
  | 'theme'
  | 'avatar_asset_id'
  | 'notice'
  | 'share_title'
  | 'share_description'
  | 'share_image_asset_id'
  | 'language'
  | 'draft_revision'
  | 'published_revision'
>;

/** What a page's commands (commands.ts, blocks.ts, archive.ts) and an experiment's promote share: load, draft, publish. */
export async function loadPage(
  ctx: Pick<CommandContext, 'tx'>,
  workspaceId: string,
  id: string,
): Promise<LockedPage> {
  const page = await one<LockedPage>(
    ctx.tx,
    'SELECT id, workspace_id, domain_id, handle, title, bio, theme, avatar_asset_id, notice, share_title, share_description, share_image_asset_id, language, draft_revision, published_revision FROM bio_pages WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL FOR UPDATE',
    [id, workspaceId],
  );
  if (!page) throw new NotFoundError();
  return page;
}

/** The page and its live blocks in order: the draft as a full snapshot (versions and publish both use it). */
export async function draftSnapshot(
  ctx: Pick<CommandContext, 'tx'>,
  page: LockedPage,
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
  // D-609: each embed's stored provider thumbnail travels in the snapshot too.
  const thumbnails = await storedThumbnails(ctx.tx, blocks);
  const avatar = page.avatar_asset_id === null ? undefined : photos.get(page.avatar_asset_id);
  const background = backgroundId === null ? undefined : photos.get(backgroundId);
  return {
    id: page.id,
    workspace_id: page.workspace_id,
    handle: page.handle,
    title: page.title,
    bio: page.bio,
    theme: page.theme,
    ...(page.notice === null ? {} : { notice: page.notice }),
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
    blocks: withThumbnails(blocks, thumbnails).map((b) => {
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
export async function publishDraft(ctx: CommandContext, page: LockedPage): Promise<void> {
  // The revision goes into the public snapshot: a sign-up records which version's consent text it agreed to.
  const parsed = pageSnapshotSchema.safeParse({
    ...(await draftSnapshot(ctx, page)),
    revision: page.draft_revision,
  });
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const host = await hostOf(ctx, page.domain_id);
  // The generated card (D-600) when no card was uploaded.
  if (parsed.data.share_image === undefined) {
    const card = await generatedShareCard(ctx, parsed.data, host, ctx.deps.artifacts);
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
  schedulePageRefresh(ctx, ctx.deps.cache, host, page.handle);
  // D-609: an embed whose thumbnail was never fetched: the worker fetches it and updates this snapshot.
  if (missingThumbnails(parsed.data.blocks, await storedThumbnails(ctx.tx, parsed.data.blocks)))
    ctx.effects.enqueue(embedThumbnailJob(page.id, page.draft_revision));
}

/** The widest JPEG of a photo: the plain `src` for a renderer that does not use `<picture>`. */
function jpegOf(image: ResponsiveImage): string {
  const jpegs = image.variants.filter((v) => v.format === 'jpeg');
  return (jpegs.length > 0 ? jpegs : image.variants).reduce((a, b) => (b.width > a.width ? b : a)).path;
}

export const describePage: Command['describe'] = async (ctx, raw) => {
  // Refused args may be malformed: read them defensively.
  const args = raw as { id?: unknown; page_id?: unknown; workspace_id?: unknown };
  const pageId = typeof args.page_id === 'string' ? args.page_id : args.id;
  if (typeof pageId !== 'string' || !/^[0-9a-f-]{36}$/i.test(pageId)) return { workspaceId: null };
  const row = await one<RowOf<typeof bioPages, 'title' | 'handle' | 'workspaceId'>>(
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

export const pageResource = (page: Pick<LockedPage, 'id' | 'title' | 'handle'>) => ({
  type: 'bio_page',
  id: page.id,
  title: page.title || `@${page.handle}`,
});

export const pageResult = (
  page: Pick<LockedPage, 'id' | 'workspace_id' | 'title' | 'handle'>,
): CommandResult => ({
  workspaceId: page.workspace_id,
  resource: pageResource(page),
});
