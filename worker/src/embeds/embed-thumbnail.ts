import { z } from 'zod';
import { resolveEmbed } from '@linkhub/shared/blocks/embeds';
import { AppError } from '@linkhub/shared/errors/app-error';
import { refreshCache } from '@linkhub/shared/server/cache/refresh';
import { one } from '@linkhub/shared/server/db/sql';
import {
  embedPageUrl,
  storedThumbnails,
  withThumbnails,
} from '@linkhub/shared/server/embeds/embed-thumbnails';
import { processPhotoUpload } from '@linkhub/shared/server/photos/photo-upload';
import type { ResponsiveImage } from '@linkhub/shared/photos/responsive-image';
import type { WorkerDeps } from '../deps';
import type { Processor } from '../processors/processor';
import { configuredArtifactStore } from '../processors/qr-render';
import { oembedUrl, readOembed } from './oembed';
import { safeGet } from './safe-get';

const OEMBED_MAX_BYTES = 64 * 1024;
const THUMBNAIL_MAX_BYTES = 5 * 1024 * 1024;
const TIMEOUT_MS = 8_000;

const snapshotBlocksSchema = z.array(
  z.looseObject({ type: z.string(), data: z.record(z.string(), z.unknown()) }),
);

/** Thrown when the provider could not be reached: BullMQ tries the job again later. */
class ProviderUnreachableError extends Error {}

/** The provider's title and thumbnail of one page URL, stored as photo variants; the thumbnail null when there is none. */
async function fetchThumbnail(
  deps: WorkerDeps,
  pageUrl: string,
): Promise<{ provider: string; title: string | null; image: ResponsiveImage | null }> {
  const embed = resolveEmbed(pageUrl);
  if (embed === null) return { provider: 'unknown', title: null, image: null };
  const network = deps.webhookNetwork;
  const answer = await safeGet(oembedUrl(embed.provider, pageUrl, deps.config.OEMBED_ENDPOINT), {
    network,
    timeoutMs: TIMEOUT_MS,
    maxBytes: OEMBED_MAX_BYTES,
    accept: 'application/json',
  });
  if (answer === null) throw new ProviderUnreachableError(`no oEmbed answer for ${embed.provider}`);
  const oembed = readOembed(answer);
  const title = oembed?.title?.trim().slice(0, 300) || null;
  if (oembed?.thumbnail_url === undefined) return { provider: embed.provider, title, image: null };
  const bytes = await safeGet(oembed.thumbnail_url, {
    network,
    timeoutMs: TIMEOUT_MS,
    maxBytes: THUMBNAIL_MAX_BYTES,
    accept: 'image/jpeg,image/png,image/webp',
  });
  if (bytes === null) throw new ProviderUnreachableError(`no thumbnail from ${embed.provider}`);
  try {
    // The photo pipeline's own rules: sniffed type, pixel limit, re-encoded without metadata (D-585).
    const photo = await processPhotoUpload(bytes, 'block_image');
    const store = configuredArtifactStore(deps);
    for (const variant of photo.variants)
      await store.put(
        variant.storageKey,
        variant.bytes,
        variant.format === 'jpeg' ? 'image/jpeg' : `image/${variant.format}`,
      );
    return { provider: embed.provider, title, image: photo.image };
  } catch (error) {
    if (error instanceof AppError) return { provider: embed.provider, title, image: null };
    throw error;
  }
}

/**
 * `embed-thumbnail` (D-609): after a publish, fetches what is missing for the page's embeds, keeps it
 * in `embed_thumbnails`, writes it into the published snapshot (unless a newer publish replaced it
 * meanwhile; that publish copies it in itself) and refreshes the edge's cached page.
 */
export const embedThumbnail: Processor<'embed-thumbnail'> = async (data, _job, deps) => {
  const page = await one<{
    published_snapshot: { blocks?: unknown } | null;
    published_revision: number | null;
  }>(
    deps.pool,
    'SELECT published_snapshot, published_revision FROM bio_pages WHERE id = $1 AND deleted_at IS NULL',
    [data.page_id],
  );
  const blocks = snapshotBlocksSchema.safeParse(page?.published_snapshot?.blocks);
  if (page === undefined || page.published_revision === null || !blocks.success) return { fetched: 0 };
  const before = await storedThumbnails(deps.pool, blocks.data);
  const urls = blocks.data.map(embedPageUrl).filter((u): u is string => u !== null);
  const missing = [...new Set(urls.filter((u) => !before.has(u)))];
  for (const pageUrl of missing) {
    const found = await fetchThumbnail(deps, pageUrl);
    await deps.pool.query(
      `INSERT INTO embed_thumbnails (page_url, provider, title, image, failed_at)
       VALUES ($1, $2, $3, $4, CASE WHEN $4::jsonb IS NULL THEN now() END)
       ON CONFLICT (page_url) DO UPDATE SET title = EXCLUDED.title, image = EXCLUDED.image,
         fetched_at = now(), failed_at = EXCLUDED.failed_at`,
      [pageUrl, found.provider, found.title, found.image === null ? null : JSON.stringify(found.image)],
    );
  }
  const stored = await storedThumbnails(deps.pool, blocks.data);
  const updated = await deps.pool.query(
    `UPDATE bio_pages SET published_snapshot = jsonb_set(published_snapshot, '{blocks}', $2::jsonb)
      WHERE id = $1 AND published_revision = $3 AND published_snapshot IS NOT NULL`,
    [data.page_id, JSON.stringify(withThumbnails(blocks.data, stored)), page.published_revision],
  );
  if ((updated.rowCount ?? 0) > 0)
    await refreshCache(
      { sql: deps.pool, redis: deps.cacheRedis, prefix: deps.config.REDIS_PREFIX },
      { kind: 'resource', resource_type: 'bio_page', id: data.page_id },
    );
  return { fetched: missing.length };
};
