import { refreshCache } from '@linkhub/shared/server/cache/refresh';
import {
  previewImageSchema,
  readSocialPreview,
  type SocialPreview,
} from '@linkhub/shared/link-previews/social-preview';
import { readPageCard } from '../link-previews/og-tags';
import { safeGetHtml } from '../link-previews/safe-get';
import { pokeWorkspaceMembers } from '../pokes';
import type { Processor } from './processor';

/**
 * `link-preview-fetch` (D-625): the destination's own og:* tags fill the fields of a link's card
 * that are still empty, never one the user set. Nothing happens when the card was removed, the
 * destination changed since the save, or the page cannot be reached safely; the edge's key is
 * rebuilt and the editors poked when a field was filled.
 */
export const linkPreviewFetch: Processor<'link-preview-fetch'> = async (data, _job, deps) => {
  const html = await safeGetHtml(data.destination_url, deps.webhookNetwork);
  if (html === null) return { filled: [] };
  const found = readPageCard(html, data.destination_url);
  const image =
    found.image_url !== null && previewImageSchema.safeParse(found.image_url).success
      ? found.image_url
      : null;
  const client = await deps.pool.connect();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{
      social_preview: unknown;
      workspace_id: string;
      host: string;
      slug: string;
    }>(
      `SELECT l.social_preview, l.workspace_id, d.hostname AS host, l.slug
         FROM links l JOIN custom_domains d ON d.id = l.domain_id
        WHERE l.id = $1 AND l.destination_url = $2 AND l.deleted_at IS NULL FOR UPDATE OF l`,
      [data.link_id, data.destination_url],
    );
    const [row] = rows;
    const stored = row === undefined ? null : readSocialPreview(row.social_preview);
    if (row === undefined || stored === null) {
      await client.query('ROLLBACK');
      return { filled: [] };
    }
    const next: SocialPreview = {
      title: stored.title ?? found.title,
      description: stored.description ?? found.description,
      image_url: stored.image_url ?? image,
    };
    const filled = (['title', 'description', 'image_url'] as const).filter(
      (k) => stored[k] === null && next[k] !== null,
    );
    if (filled.length === 0) {
      await client.query('ROLLBACK');
      return { filled };
    }
    await client.query(`UPDATE links SET social_preview = $2, updated_at = now() WHERE id = $1`, [
      data.link_id,
      JSON.stringify(next),
    ]);
    await client.query('COMMIT');
    await refreshCache(
      { sql: deps.pool, redis: deps.cacheRedis, prefix: deps.config.REDIS_PREFIX },
      { kind: 'redirect', host: row.host, slug: row.slug },
    );
    await pokeWorkspaceMembers({ pool: deps.pool, redis: deps.redis, prefix: deps.config.REDIS_PREFIX }, [
      row.workspace_id,
    ]);
    deps.logger.debug({ link_id: data.link_id, filled }, 'link card filled from the destination');
    return { filled };
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
};
