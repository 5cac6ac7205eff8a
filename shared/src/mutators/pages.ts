import type { WriteTransaction } from 'replicache';
import { generateNKeysBetween } from 'fractional-indexing';
import { z } from 'zod';
import type { Action } from '../permissions/matrix';
import { syncKeys } from '../sync/keys';
import { blockViewSchema, pageViewSchema, type BlockView, type PageView } from '../sync/views';
import { defineMutator } from './define';
import { handleArg, idArg, jsonObjectArg, workspaceArg } from './args';
import { themeInputSchema } from '../schemas/pages';
import { readableText } from '../schemas/common';
import { blockDataPatchSchema, blockInputSchema, noticeInputSchema } from '../schemas/blocks';
import { bioDomainFor, nowIso, patchView } from './client-store';
import { snapshotBlockSchema } from '../blocks/snapshot';
import { baseArg } from './base';
import { changesSharing, SHARING_UPDATABLE, sharingArgs } from './page-sharing';

/** What a page or block update may change: the fields a `base` may name (D-500). */
export const PAGE_UPDATABLE = [
  'handle',
  'title',
  'bio',
  'theme',
  'avatar_asset_id',
  'domain_id',
  'notice',
  ...SHARING_UPDATABLE,
] as const;
export const BLOCK_UPDATABLE = ['data', 'is_visible'] as const;

const pageRef = { id: idArg, workspace_id: workspaceArg };
const blockRef = { id: idArg, page_id: idArg, workspace_id: workspaceArg };
export const BLOCK_TYPES = [
  'link',
  'header',
  'text',
  'social',
  'image',
  'embed',
  'email_capture',
  'divider',
] as const;
/** Fractional-index sort keys (fractional-indexing): a move rewrites one row, concurrent moves both survive. */
const positionArg = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[0-9A-Za-z]+$/);

export const createPageArgs = z
  .object({
    ...pageRef,
    handle: handleArg,
    title: readableText(200),
    bio: readableText(1000).optional(),
    theme: themeInputSchema.optional(),
    /** The page's photo: an uploaded asset of the workspace (REST `avatar`). */
    avatar_asset_id: idArg.nullable().optional(),
    /** A verified bio (or all-purpose) custom domain of the workspace; default the system bio host. */
    domain_id: idArg.optional(),
    /** A sensitive-content notice in front of the whole page (D-606); null: none. */
    notice: noticeInputSchema,
    ...sharingArgs,
  })
  .strict();
export const updatePageArgs = z
  .object({
    ...pageRef,
    handle: handleArg.optional(),
    title: readableText(200).optional(),
    bio: readableText(1000).optional(),
    theme: themeInputSchema.optional(),
    /** The page's photo (REST `avatar`); null removes it. */
    avatar_asset_id: idArg.nullable().optional(),
    /** Moves the page to another of the workspace's bio hosts (its public address changes). */
    domain_id: idArg.optional(),
    /** A sensitive-content notice in front of the whole page (D-606); null removes it. */
    notice: noticeInputSchema,
    ...sharingArgs,
    base: baseArg(PAGE_UPDATABLE),
  })
  .strict();
export const pageRefArgs = z.object(pageRef).strict();
/** The parts of a stored version the editor applies at once (the server restores from its own copy). */
export const restorePreviewSchema = z
  .object({
    title: z.string().max(200).optional(),
    bio: z.string().max(1000).nullish(),
    theme: jsonObjectArg.optional(),
    blocks: z.array(snapshotBlockSchema).max(500).optional(),
  })
  .strip();
export const restorePageVersionArgs = z
  .object({
    ...pageRef,
    version: z.number().int().min(1),
    /** The version as the editor previewed it: lets the restore show offline. Never trusted by the server. */
    preview: restorePreviewSchema.optional(),
  })
  .strict();
/** A block's data must be valid for its type: the REST block schema (`schemas/blocks.ts`, strict), on both sides of the wire. */
export const addBlockArgs = z
  .object({ ...blockRef, type: z.enum(BLOCK_TYPES), data: jsonObjectArg, position: positionArg })
  .strict()
  .superRefine((args, ctx) => {
    const parsed = blockInputSchema.safeParse({ ...args.data, type: args.type });
    for (const issue of parsed.success ? [] : parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: ['data', ...issue.path], message: issue.message });
  });
/** A partial edit of a block's data: fields of the block catalog only (the server checks the merged block against its type). */
export const updateBlockArgs = z
  .object({
    ...blockRef,
    data: blockDataPatchSchema.optional(),
    is_visible: z.boolean().optional(),
    base: baseArg(BLOCK_UPDATABLE),
  })
  .strict();
export const moveBlockArgs = z.object({ ...blockRef, position: positionArg }).strict();
export const blockRefArgs = z.object(blockRef).strict();

/** Every draft edit advances the page's draft revision, as the server's command does (publish freezes that revision). */
async function bumpDraft(tx: WriteTransaction, pageId: string): Promise<void> {
  const page = pageViewSchema.safeParse(await tx.get(syncKeys.page(pageId)));
  if (page.success)
    await tx.set(syncKeys.page(pageId), { ...page.data, draft_revision: page.data.draft_revision + 1 });
}

export const createPage = defineMutator({
  name: 'createPage',
  args: createPageArgs,
  action: 'bio_page.create',
  client: async (tx, args) => {
    const domain = args.domain_id === undefined ? await bioDomainFor(tx) : { id: args.domain_id };
    const view: PageView = {
      id: args.id,
      workspace_id: args.workspace_id,
      domain_id: domain?.id ?? '',
      handle: args.handle,
      title: args.title,
      bio: args.bio ?? '',
      theme: args.theme ?? {},
      avatar_asset_id: args.avatar_asset_id ?? null,
      notice: args.notice ?? null,
      share_title: args.share_title ?? '',
      share_description: args.share_description ?? '',
      share_image_asset_id: args.share_image_asset_id ?? null,
      language: args.language ?? 'en',
      draft_revision: 1,
      published_revision: null,
      published_at: null,
      archived_at: null,
      locked: false,
      updated_at: nowIso(),
    };
    await tx.set(syncKeys.page(args.id), view);
  },
});

export const updatePage = defineMutator({
  name: 'updatePage',
  args: updatePageArgs,
  action: 'bio_page.update',
  actions: (args) => {
    const actions: Action[] = [];
    if (args.handle !== undefined || args.domain_id !== undefined) actions.push('bio_page.change_handle');
    if (args.theme !== undefined) actions.push('bio_page.update_theme');
    if (
      args.title !== undefined ||
      args.bio !== undefined ||
      args.notice !== undefined ||
      changesSharing(args) ||
      actions.length === 0
    )
      actions.push('bio_page.update');
    return actions;
  },
  target: (args) => ({ type: 'bio_page', id: args.id }),
  client: async (tx, { id, workspace_id: _ws, base: _base, ...patch }) => {
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    await patchView(tx, syncKeys.page(id), pageViewSchema, clean, nowIso());
    await bumpDraft(tx, id);
  },
});

export const publishPage = defineMutator({
  name: 'publishPage',
  args: pageRefArgs,
  action: 'bio_page.publish',
  target: (args) => ({ type: 'bio_page', id: args.id }),
  client: async (tx, { id }) => {
    const page = await tx.get(syncKeys.page(id));
    const parsed = pageViewSchema.safeParse(page);
    if (!parsed.success) return;
    await tx.set(syncKeys.page(id), {
      ...parsed.data,
      published_revision: parsed.data.draft_revision,
      published_at: nowIso(),
    });
  },
});

export const unpublishPage = defineMutator({
  name: 'unpublishPage',
  args: pageRefArgs,
  action: 'bio_page.unpublish',
  target: (args) => ({ type: 'bio_page', id: args.id }),
  client: async (tx, { id }) =>
    patchView(
      tx,
      syncKeys.page(id),
      pageViewSchema,
      { published_revision: null, published_at: null },
      nowIso(),
    ),
});

/** Archive (DELETE /v1/pages/{id}): the page stops being public; restore brings it back as it was. */
export const archivePage = defineMutator({
  name: 'archivePage',
  args: pageRefArgs,
  action: 'bio_page.archive',
  target: (args) => ({ type: 'bio_page', id: args.id }),
  client: async (tx, { id }) =>
    patchView(tx, syncKeys.page(id), pageViewSchema, { archived_at: nowIso() }, nowIso()),
});

/**
 * The server rebuilds the draft from its stored snapshot. With the previewed version in the args the
 * client does the same at once (same block ids, same fresh positions as the server's
 * `generateNKeysBetween(null, null, n)`), so a restore shows offline and the pull changes nothing.
 */
export const restorePageVersion = defineMutator({
  name: 'restorePageVersion',
  args: restorePageVersionArgs,
  action: 'bio_page.restore_version',
  target: (args) => ({ type: 'bio_page', id: args.id }),
  client: async (tx, { id, workspace_id, preview }) => {
    if (preview === undefined) return;
    const now = nowIso();
    const page = pageViewSchema.safeParse(await tx.get(syncKeys.page(id)));
    if (!page.success) return;
    await tx.set(syncKeys.page(id), {
      ...page.data,
      title: preview.title ?? page.data.title,
      bio: preview.bio ?? page.data.bio,
      theme: preview.theme ?? page.data.theme,
      draft_revision: page.data.draft_revision + 1,
      updated_at: now,
    });
    for await (const key of tx.scan({ prefix: syncKeys.blocksOf(id) }).keys()) await tx.del(key);
    const blocks = preview.blocks ?? [];
    const positions = generateNKeysBetween(null, null, blocks.length);
    for (const [index, block] of blocks.entries()) {
      const view: BlockView = {
        id: block.id,
        page_id: id,
        workspace_id,
        type: block.type,
        position: positions[index] ?? `a${index.toString(36)}`,
        data: block.data,
        is_visible: true,
        updated_at: now,
      };
      await tx.set(syncKeys.block(id, block.id), view);
    }
  },
});

export const addBlock = defineMutator({
  name: 'addBlock',
  args: addBlockArgs,
  action: 'block.create',
  target: (args) => ({ type: 'bio_page', id: args.page_id }),
  client: async (tx, args) => {
    const view: BlockView = {
      id: args.id,
      page_id: args.page_id,
      workspace_id: args.workspace_id,
      type: args.type,
      position: args.position,
      data: args.data,
      is_visible: true,
      updated_at: nowIso(),
    };
    await tx.set(syncKeys.block(args.page_id, args.id), view);
    await bumpDraft(tx, args.page_id);
  },
});

export const updateBlock = defineMutator({
  name: 'updateBlock',
  args: updateBlockArgs,
  action: 'block.update',
  target: (args) => ({ type: 'bio_page', id: args.page_id }),
  client: async (tx, { id, page_id, data, is_visible }) => {
    const key = syncKeys.block(page_id, id);
    const current = blockViewSchema.safeParse(await tx.get(key));
    if (!current.success) return;
    await tx.set(key, {
      ...current.data,
      // Field-level merge: two devices editing different fields of one block both keep their change.
      data: data ? { ...current.data.data, ...data } : current.data.data,
      is_visible: is_visible ?? current.data.is_visible,
      updated_at: nowIso(),
    });
    await bumpDraft(tx, page_id);
  },
});

export const moveBlock = defineMutator({
  name: 'moveBlock',
  args: moveBlockArgs,
  action: 'block.update',
  target: (args) => ({ type: 'bio_page', id: args.page_id }),
  client: async (tx, { id, page_id, position }) => {
    await patchView(tx, syncKeys.block(page_id, id), blockViewSchema, { position }, nowIso());
    await bumpDraft(tx, page_id);
  },
});

export const removeBlock = defineMutator({
  name: 'removeBlock',
  args: blockRefArgs,
  action: 'block.delete',
  target: (args) => ({ type: 'bio_page', id: args.page_id }),
  client: async (tx, { id, page_id }) => {
    await tx.del(syncKeys.block(page_id, id));
    await bumpDraft(tx, page_id);
  },
});

/**
 * Brings a removed block back with its content, at the position it had (D-560). The device keeps
 * no copy of a removed block, so nothing changes here until the pull returns it.
 */
export const restoreBlock = defineMutator({
  name: 'restoreBlock',
  args: blockRefArgs,
  action: 'block.create',
  target: (args) => ({ type: 'bio_page', id: args.page_id }),
  client: async (tx, { page_id }) => {
    await bumpDraft(tx, page_id);
  },
});

export const pageMutators = [
  createPage,
  updatePage,
  publishPage,
  unpublishPage,
  archivePage,
  restorePageVersion,
  addBlock,
  updateBlock,
  moveBlock,
  removeBlock,
  restoreBlock,
] as const;
