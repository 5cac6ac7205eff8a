import type { bioPages } from '@linkhub/shared/server/db/schema/bio-pages';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { generateNKeysBetween } from 'fractional-indexing';
import { ValidationError } from '@linkhub/shared/errors/app-error';
import { pageVariantChangeSchema, type PageVariantChange } from '@linkhub/shared/experiments/page-experiment';
import { linkBlockSchema } from '@linkhub/shared/schemas/blocks';
import { one, rows } from '@linkhub/shared/server/db/sql';
import { loadPage, publishDraft, recordDraft } from '../pages';
import { audit } from '../../kernel/support';
import type { CommandContext } from '../../kernel/types';
import type { ExperimentRow, VariantRow } from './experiment-row';

/** Where a promoted page winner went: the draft only (the page had unpublished edits, or was never published), or also live. */
export type PagePromotion = { readonly changed: boolean; readonly published: boolean };

type DraftBlock = { id: string; type: string; data: Record<string, unknown>; position: string };

/** The draft's block ids in the variant's order: listed ids first, the others after them in their own order. */
export function orderedIds(blocks: readonly DraftBlock[], order: readonly string[]): string[] {
  const present = new Set(blocks.map((b) => b.id));
  const first = [...new Set(order)].filter((id) => present.has(id));
  const listed = new Set(first);
  return [...first, ...blocks.map((b) => b.id).filter((id) => !listed.has(id))];
}

/** Writes the block order; true when it changed. Fresh fractional keys, as a restore gives them. */
async function applyOrder(
  ctx: CommandContext,
  pageId: string,
  blocks: readonly DraftBlock[],
  order: readonly string[],
) {
  const ids = orderedIds(blocks, order);
  if (ids.every((id, i) => blocks[i]?.id === id)) return false;
  const positions = generateNKeysBetween(null, null, ids.length);
  await ctx.tx.query(
    `UPDATE bio_blocks b SET position = o.position, updated_by_user_id = $3, updated_at = now()
       FROM unnest($2::text[], $4::text[]) AS o(id, position)
      WHERE b.page_id = $1 AND b.id::text = o.id`,
    [pageId, ids, ctx.by.userId, positions],
  );
  return true;
}

/** Writes one link block's label and/or URL, checked as every link block edit is; true when it changed. */
async function applyBlockChange(
  ctx: CommandContext,
  blocks: readonly DraftBlock[],
  change: NonNullable<PageVariantChange['block']>,
): Promise<boolean> {
  const block = blocks.find((b) => b.id === change.id && b.type === 'link');
  // The block left the draft after the test started: nothing of it to keep.
  if (block === undefined) return false;
  const parsed = linkBlockSchema.safeParse({
    ...block.data,
    type: 'link',
    ...(change.label === undefined ? {} : { title: change.label }),
    ...(change.url === undefined ? {} : { url: change.url }),
  });
  if (!parsed.success) {
    const { details } = ValidationError.fromZod(parsed.error);
    throw new ValidationError(details.map((d) => ({ ...d, field: `winner.page.block.${d.field}` })));
  }
  const { type: _type, id: _id, ...data } = parsed.data;
  if (data.title === block.data.title && data.url === block.data.url) return false;
  await ctx.tx.query(
    'UPDATE bio_blocks SET data = data || $2::jsonb, updated_by_user_id = $3, updated_at = now() WHERE id = $1',
    [block.id, JSON.stringify(data), ctx.by.userId],
  );
  return true;
}

/**
 * A bio page winner becomes the page's plain configuration (D-320): its block order and/or link
 * block label and URL are written into the editor's draft like any draft edit (a new draft revision
 * and version, an audit entry naming the experiment). A published page whose draft had no
 * unpublished edits is published again, so visitors keep the page that won; a draft with someone's
 * unpublished edits is never published behind their back: the winner waits in it for them to publish.
 */
export async function promotePageWinner(
  ctx: CommandContext,
  row: ExperimentRow,
  winner: VariantRow,
): Promise<PagePromotion> {
  const page = await loadPage(ctx, row.workspace_id, row.resource_id);
  const state = await one<RowOf<typeof bioPages, 'publishedRevision'>>(
    ctx.tx,
    'SELECT published_revision FROM bio_pages WHERE id = $1',
    [page.id],
  );
  const wasLive = state?.published_revision === page.draft_revision;
  const parsed = pageVariantChangeSchema.safeParse(winner.payload);
  const change: PageVariantChange = parsed.success ? parsed.data : {};
  const blocks = await rows<DraftBlock>(
    ctx.tx,
    'SELECT id::text, type, data, position FROM bio_blocks WHERE page_id = $1 AND deleted_at IS NULL ORDER BY position, id',
    [page.id],
  );
  const reordered =
    change.block_order === undefined ? false : await applyOrder(ctx, page.id, blocks, change.block_order);
  const relabelled = change.block === undefined ? false : await applyBlockChange(ctx, blocks, change.block);
  const changed = reordered || relabelled;
  if (changed) {
    await recordDraft(ctx, page.id, page.workspace_id);
    await audit(ctx, {
      workspaceId: page.workspace_id,
      action: 'bio_page.updated',
      resourceType: 'bio_page',
      resourceId: page.id,
      after: {
        experiment_id: row.id,
        promoted_variant: winner.key,
        block_order: reordered,
        block: relabelled,
      },
    });
  }
  const published = changed && wasLive;
  if (published) await publishDraft(ctx, await loadPage(ctx, page.workspace_id, page.id));
  return { changed, published };
}
