import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import type { ReadScope } from '../../http/caller';
import type { BlockRecord, PageRecord } from './serializer';
import { cursorColumn, ListSql } from '../../http/list-sql';

const STATUS = `CASE WHEN p.archived_at IS NOT NULL THEN 'archived' WHEN p.published_at IS NOT NULL THEN 'published' ELSE 'draft' END`;

const SELECT = `SELECT p.id, p.workspace_id, d.hostname, p.handle, p.title, p.bio, p.theme, p.avatar_asset_id, p.notice, ${STATUS} AS api_status,
       p.share_title, p.share_description, p.share_image_asset_id, p.language, p.published_snapshot->'share_image'->>'path' AS share_image_path,
       p.published_at, p.draft_revision, p.published_revision, p.created_at, p.updated_at, ${cursorColumn('p')}
  FROM bio_pages p JOIN custom_domains d ON d.id = p.domain_id`;

export async function findPage(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<PageRecord | undefined> {
  return one<PageRecord>(db, `${SELECT} WHERE p.id = $1 AND p.workspace_id = $2 AND p.deleted_at IS NULL`, [
    id,
    workspaceId,
  ]);
}

export async function listPages(
  db: Queryable,
  scope: ReadScope,
  q: { q?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<PageRecord[]> {
  const sql = new ListSql('p', scope)
    .add('p.deleted_at IS NULL')
    .search(q.q, ['p.title', 'p.handle', 'p.bio']);
  const tail = sql.cursor(q.cursor).tail(q.limit);
  return rows<PageRecord>(db, `${SELECT} ${tail}`, sql.values);
}

/** The draft's live blocks in order (hidden ones included: the API shows `is_visible`). */
export async function pageBlocks(db: Queryable, pageId: string): Promise<BlockRecord[]> {
  return rows<BlockRecord>(
    db,
    'SELECT id, type, data, position, is_visible FROM bio_blocks WHERE page_id = $1 AND deleted_at IS NULL ORDER BY position, id',
    [pageId],
  );
}
