import { resolveEmbed } from '../../blocks/embeds';
import { embedThumbnailSchema, type EmbedThumbnail } from '../../blocks/embed-thumbnail';
import { rows, type Queryable } from '../db/sql';
import type { JobRequest } from '../jobs/producer';

/**
 * Embed thumbnails (D-609) as publish and the worker read them: `embed_thumbnails` rows by the
 * provider page URL of each embed block, copied into the snapshot's embed blocks as `thumbnail`.
 */
type BlockLike = { type: string; data: Record<string, unknown> };

/** The provider page URL of an embed block (the table's key), or null for any other block. */
export function embedPageUrl(block: BlockLike): string | null {
  if (block.type !== 'embed' || typeof block.data.url !== 'string') return null;
  return resolveEmbed(block.data.url)?.pageUrl ?? null;
}

/** What is stored for these page URLs: a thumbnail (possibly without an image), or absent when never fetched. */
export async function storedThumbnails(
  db: Queryable,
  blocks: readonly BlockLike[],
): Promise<Map<string, EmbedThumbnail>> {
  const urls = [...new Set(blocks.map(embedPageUrl).filter((u) => u !== null))];
  if (urls.length === 0) return new Map();
  const found = await rows<{ page_url: string; title: string | null; image: unknown }>(
    db,
    'SELECT page_url, title, image FROM embed_thumbnails WHERE page_url = ANY($1::text[])',
    [urls],
  );
  const out = new Map<string, EmbedThumbnail>();
  for (const row of found) {
    const parsed = embedThumbnailSchema.safeParse({
      ...(row.title === null ? {} : { title: row.title.slice(0, 300) }),
      ...(row.image === null ? {} : { image: row.image }),
    });
    if (parsed.success) out.set(row.page_url, parsed.data);
  }
  return out;
}

/** The blocks with each embed's stored thumbnail in its data (others unchanged). */
export function withThumbnails<B extends BlockLike>(
  blocks: readonly B[],
  stored: Map<string, EmbedThumbnail>,
): B[] {
  return blocks.map((block) => {
    const url = embedPageUrl(block);
    const thumbnail = url === null ? undefined : stored.get(url);
    return thumbnail === undefined ? block : { ...block, data: { ...block.data, thumbnail } };
  });
}

/** Whether some embed of these blocks has nothing stored yet (the worker should fetch it). */
export function missingThumbnails(
  blocks: readonly BlockLike[],
  stored: Map<string, EmbedThumbnail>,
): boolean {
  return blocks.some((b) => {
    const url = embedPageUrl(b);
    return url !== null && !stored.has(url);
  });
}

/** The worker's job for one published revision of a page (one job per revision, however often enqueued). */
export function embedThumbnailJob(pageId: string, revision: number): JobRequest {
  return {
    queue: 'embed-thumbnail',
    name: 'embed-thumbnail',
    data: { page_id: pageId },
    jobId: `embed-thumbnail-${pageId}-${revision}`,
  };
}
