import { isNavigableUrl } from '../blocks/escape';
import type { PageSnapshot, SnapshotBlock } from '../blocks/snapshot';
import { pickVariant } from '../resolve/split';
import type { PageExperimentVariant } from './page-experiment';

/** The page as this variant shows it: blocks reordered, or one link block relabelled / re-pointed. */
export function applyPageVariant(page: PageSnapshot, variant: PageExperimentVariant): PageSnapshot {
  let blocks: SnapshotBlock[] = page.blocks;
  if (variant.block_order !== undefined) {
    const byId = new Map(blocks.map((b) => [b.id, b]));
    const first = variant.block_order.flatMap((id) => {
      const block = byId.get(id);
      byId.delete(id);
      return block === undefined ? [] : [block];
    });
    blocks = [...first, ...blocks.filter((b) => byId.has(b.id))];
  }
  const change = variant.block;
  if (change !== undefined) {
    blocks = blocks.map((b) => {
      if (b.id !== change.id || b.type !== 'link') return b;
      const url = change.url !== undefined && isNavigableUrl(change.url) ? change.url : b.data.url;
      return { ...b, data: { title: change.label ?? b.data.title, url } };
    });
  }
  return { ...page, blocks };
}

/**
 * The page this visitor sees under the page's running experiment (the shared assignment of
 * resolve/split.ts, so a visitor keeps one variant for the salt day), and the variant's id; the page
 * itself when it runs none.
 */
export function pageForVisitor(
  page: PageSnapshot,
  visitorHash: string,
): { page: PageSnapshot; variantId: string | null } {
  const experiment = page.experiment;
  if (experiment === undefined) return { page, variantId: null };
  const variant = pickVariant(experiment, visitorHash);
  if (variant === null) return { page, variantId: null };
  return { page: applyPageVariant(page, variant), variantId: variant.id };
}
