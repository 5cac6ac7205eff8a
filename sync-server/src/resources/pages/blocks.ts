import type { z } from 'zod';
import { NotFoundError, ValidationError } from '@linkhub/shared/errors/app-error';
import { blockInputSchema } from '@linkhub/shared/schemas/blocks';
import { addBlock, moveBlock, removeBlock, restoreBlock, updateBlock } from '@linkhub/shared/mutators/pages';
import type { MutatorDefinition } from '@linkhub/shared/mutators/define';
import { one } from '@linkhub/shared/server/db/sql';
import { blockDestinations } from '@linkhub/shared/blocks/catalog';
import { snapshotBlockSchema } from '@linkhub/shared/blocks/snapshot';
import { assertSafeBlockDestination } from '../../kernel/destination-safety';
import { keepNewerFields, nothingLeft, storedFields } from '../../kernel/field-conflicts';
import { recordChange } from '../../kernel/change-record';
import { defineCommand, type Command, type CommandContext } from '../../kernel/types';
import { describePage, loadPage, pageResult, recordDraft, type LockedPage } from './page-steps';

type BlockArgs = { id: string; page_id: string; workspace_id: string };

/** A block's change is its page's history, field by field (`data.title`), D-505. */
const BLOCK_FIELDS = ['type', 'data', 'is_visible', 'position', 'deleted_at'] as const;

/**
 * Block edits are draft edits of their page: authorize on the page, lock it, change the block,
 * record the draft revision (a full snapshot, so every edit is restorable), poke the workspace.
 */
const edit = <S extends z.ZodType<BlockArgs>>(
  mutator: MutatorDefinition<string, S>,
  auditAction: string,
  change: (ctx: CommandContext, args: z.infer<S>, row: LockedPage) => Promise<boolean | 'unchanged'>,
): Command<S> =>
  defineCommand(mutator, {
    describe: describePage,
    run: async (ctx, args) => {
      const row = await loadPage(ctx, args.workspace_id, args.page_id);
      // The block as it stood (none before an add), under the page's lock: its history's "before".
      const before = await one<Record<string, unknown>>(
        ctx.tx,
        `SELECT ${BLOCK_FIELDS.join(', ')} FROM bio_blocks WHERE id = $1 AND page_id = $2 FOR UPDATE`,
        [args.id, args.page_id],
      );
      const outcome = await change(ctx, args, row);
      if (outcome === false) throw new NotFoundError();
      // Every field met a newer edit (D-500): nothing to record; the conflict notice says so.
      if (outcome === 'unchanged') return pageResult(row);
      await recordDraft(ctx, args.page_id, args.workspace_id);
      await recordChange(ctx, {
        workspaceId: args.workspace_id,
        action: auditAction,
        resourceType: 'bio_page',
        resourceId: args.page_id,
        table: 'bio_blocks',
        rowId: args.id,
        before: before ?? null,
        fields: BLOCK_FIELDS,
        perKey: ['data'],
        metadata: { block_id: args.id },
      });
      ctx.effects.poke({ workspaceId: args.workspace_id });
      return pageResult(row);
    },
  });

/**
 * Where a block sends visitors (a link, each social icon) passes the same destination check as a
 * short link: the edge's click hop redirects to it from the workspace's own host.
 */
const assertSafeBlock = async (
  ctx: CommandContext,
  block: { id: string; type: string; data: unknown },
): Promise<void> => {
  // The block was checked against its schema already; read as a snapshot block, it lists its destinations.
  const parsed = snapshotBlockSchema.safeParse(block);
  if (!parsed.success) return;
  for (const [i, url] of blockDestinations(parsed.data).entries())
    await assertSafeBlockDestination(
      url,
      ctx.resolveHost,
      parsed.data.type === 'social' ? `data.links.${i}.url` : 'data.url',
    );
};

const changed = async (ctx: CommandContext, sql: string, values: unknown[]): Promise<boolean> =>
  (await one<{ id: string }>(ctx.tx, `${sql} RETURNING id`, values)) !== undefined;

export const addBlockCommand = edit(addBlock, 'bio_block.added', async (ctx, a) => {
  await assertSafeBlock(ctx, a);
  return changed(
    ctx,
    `INSERT INTO bio_blocks (id, page_id, workspace_id, position, type, data, created_by_user_id, updated_by_user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
    [a.id, a.page_id, a.workspace_id, a.position, a.type, JSON.stringify(a.data), ctx.by.userId],
  );
});
// Field-level merge (jsonb ||): two devices editing different fields of one block both survive.
// The merged block must still be a valid block of its type (the REST schema), or nothing changes.
export const updateBlockCommand = edit(updateBlock, 'bio_block.updated', async (ctx, edit, row) => {
  const stored = await storedFields(
    ctx,
    edit.base,
    'SELECT data, is_visible FROM bio_blocks WHERE id = $1 AND page_id = $2 AND deleted_at IS NULL FOR UPDATE',
    [edit.id, edit.page_id],
  );
  const { args: a } = await keepNewerFields(ctx, {
    args: edit,
    current: stored,
    merged: ['data'],
    resource: {
      type: 'bio_page',
      id: row.id,
      workspaceId: row.workspace_id,
      title: row.title || `@${row.handle}`,
    },
    mutation: updateBlock.name,
    ref: { id: edit.id, page_id: edit.page_id, workspace_id: edit.workspace_id },
  });
  if (nothingLeft(a, ['id', 'page_id', 'workspace_id'])) return 'unchanged';
  const merged = await one<{ type: string; data: Record<string, unknown> }>(
    ctx.tx,
    `UPDATE bio_blocks SET data = CASE WHEN $3::jsonb IS NULL THEN data ELSE data || $3::jsonb END,
                is_visible = COALESCE($4, is_visible), updated_by_user_id = $5, updated_at = now()
          WHERE id = $1 AND page_id = $2 AND deleted_at IS NULL RETURNING type, data`,
    [
      a.id,
      a.page_id,
      a.data === undefined ? null : JSON.stringify(a.data),
      a.is_visible ?? null,
      ctx.by.userId,
    ],
  );
  if (!merged) return false;
  const valid = blockInputSchema.safeParse({ ...merged.data, type: merged.type });
  if (!valid.success) {
    const { details } = ValidationError.fromZod(valid.error);
    throw new ValidationError(details.map((d) => ({ ...d, field: `data.${d.field}` })));
  }
  if (a.data !== undefined) await assertSafeBlock(ctx, { id: a.id, ...merged });
  return true;
});
export const moveBlockCommand = edit(moveBlock, 'bio_block.moved', (ctx, a) =>
  changed(
    ctx,
    'UPDATE bio_blocks SET position = $3, updated_at = now() WHERE id = $1 AND page_id = $2 AND deleted_at IS NULL',
    [a.id, a.page_id, a.position],
  ),
);
export const removeBlockCommand = edit(removeBlock, 'bio_block.removed', (ctx, a) =>
  changed(
    ctx,
    'UPDATE bio_blocks SET deleted_at = now() WHERE id = $1 AND page_id = $2 AND deleted_at IS NULL',
    [a.id, a.page_id],
  ),
);
// Un-removing keeps the block's content and its position key, so it is back between the same
// neighbours (D-560). Restoring a block that is already there changes nothing.
export const restoreBlockCommand = edit(restoreBlock, 'bio_block.restored', async (ctx, a) => {
  const block = await one<{ removed: boolean }>(
    ctx.tx,
    'SELECT deleted_at IS NOT NULL AS removed FROM bio_blocks WHERE id = $1 AND page_id = $2',
    [a.id, a.page_id],
  );
  if (!block) return false;
  if (!block.removed) return 'unchanged';
  await ctx.tx.query(
    'UPDATE bio_blocks SET deleted_at = NULL, updated_by_user_id = $3, updated_at = now() WHERE id = $1 AND page_id = $2',
    [a.id, a.page_id, ctx.by.userId],
  );
  return true;
});
