import type { WeightedDestination } from '../cache/payload';

/** FNV-1a, 32-bit: a small portable hash so assignment is identical on every runtime. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * Deterministic weighted pick: the same visitor hash and seed always land on the same item, and over
 * many visitors each item gets its share of the total weight. Null when no item has weight.
 */
export function pickWeighted<T extends { readonly weight: number }>(
  items: readonly T[],
  visitorHash: string,
  seed: string,
): T | null {
  const total = items.reduce((sum, item) => sum + item.weight, 0);
  if (total <= 0) return null;
  let point = fnv1a(`${seed}:${visitorHash}`) % total;
  for (const item of items) {
    if (point < item.weight) return item;
    point -= item.weight;
  }
  return null;
}

/** The split destination of a link for this visitor (seeded by the resource, so links split independently). */
export function pickSplitDestination(
  destinations: readonly WeightedDestination[],
  visitorHash: string,
  resourceId: string,
): WeightedDestination | null {
  return pickWeighted(destinations, visitorHash, `split:${resourceId}`);
}

/**
 * The experiment variant of this visitor: one visitor sees one variant (docs/product-rules.md#the-redirect). The one
 * assignment of every experiment — link and QR destinations, and bio page variants.
 */
export function pickVariant<T extends { readonly weight: number }>(
  experiment: { readonly id: string; readonly variants: readonly T[] },
  visitorHash: string,
): T | null {
  return pickWeighted(experiment.variants, visitorHash, `exp:${experiment.id}`);
}
