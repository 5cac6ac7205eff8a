import type pg from 'pg';
import { rows } from '@linkhub/shared/server/db/sql';

/**
 * The resources of a set: every live link carrying `tag`, and every live link, QR code
 * and bio page on the host `domain`; both given: those in both. Narrowed to `visible` (a scoped
 * member's grants, or one resource) when that is not null.
 */
export async function resourceSet(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  set: { tag?: string; domain?: string },
  visible: string[] | null,
): Promise<string[] | null> {
  if (set.tag === undefined && set.domain === undefined) return visible;
  const found = await rows<{ id: string }>(
    db,
    `WITH d AS (SELECT id FROM custom_domains WHERE hostname = lower($3::text) AND (workspace_id = $1 OR workspace_id IS NULL))
     SELECT id FROM links WHERE workspace_id = $1 AND deleted_at IS NULL
        AND ($2::text IS NULL OR $2::text = ANY(tags)) AND ($3::text IS NULL OR domain_id IN (SELECT id FROM d))
     UNION ALL
     SELECT id FROM qr_codes WHERE workspace_id = $1 AND deleted_at IS NULL AND $2::text IS NULL AND domain_id IN (SELECT id FROM d)
     UNION ALL
     SELECT id FROM bio_pages WHERE workspace_id = $1 AND deleted_at IS NULL AND $2::text IS NULL AND domain_id IN (SELECT id FROM d)`,
    [workspaceId, set.tag ?? null, set.domain ?? null],
  );
  const ids = found.map((r) => r.id);
  return visible === null ? ids : ids.filter((id) => visible.includes(id));
}
