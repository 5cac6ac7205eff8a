import type { ListLinksQuery } from '@linkhub/shared/schemas/links';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import type { ReadScope } from '../../http/caller';
import type { LinkRecord } from './serializer';
import { cursorColumn, ListSql } from '../../http/list-sql';

const STATUS = `CASE
    WHEN l.archived_at IS NOT NULL THEN 'archived'
    WHEN l.status = 'paused' THEN 'paused'
    WHEN l.expires_at IS NOT NULL AND l.expires_at <= now() THEN 'expired'
    WHEN l.click_limit_reached_at IS NOT NULL THEN 'click_limit_reached'
    WHEN l.starts_at IS NOT NULL AND l.starts_at > now() THEN 'scheduled'
    ELSE l.status END`;

const SELECT = `SELECT l.id, l.workspace_id, l.domain_id, d.hostname, l.slug, l.destination_url, l.title, l.tags, l.utm, l.rules, l.destinations,
       ${STATUS} AS api_status, l.starts_at, l.expires_at, l.qr_code_id,
       l.social_preview, l.ios_url, l.android_url, l.folder_id, l.note, l.created_at, l.updated_at, ${cursorColumn('l')},
       l.expired_destination_url AS expired_url, l.password_hash IS NOT NULL AS has_password, l.max_clicks, l.click_count
  FROM links l JOIN custom_domains d ON d.id = l.domain_id`;

export async function findLink(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<LinkRecord | undefined> {
  return one<LinkRecord>(db, `${SELECT} WHERE l.id = $1 AND l.workspace_id = $2 AND l.deleted_at IS NULL`, [
    id,
    workspaceId,
  ]);
}

/** Several links of one workspace by id, in one statement (a bulk create's answer); order not kept. */
export async function findLinks(
  db: Queryable,
  workspaceId: string,
  ids: readonly string[],
): Promise<LinkRecord[]> {
  if (ids.length === 0) return [];
  return rows<LinkRecord>(
    db,
    `${SELECT} WHERE l.id = ANY($1::uuid[]) AND l.workspace_id = $2 AND l.deleted_at IS NULL`,
    [ids, workspaceId],
  );
}

/** A link in one of these folders or in a subfolder of one (`folders`: an SQL uuid[] expression). */
const heldBy = (folders: string): string =>
  `(l.folder_id = ANY(${folders}) OR EXISTS (SELECT 1 FROM link_folders hf WHERE hf.id = l.folder_id AND hf.parent_id = ANY(${folders})))`;

/** `?q=` searches title, slug, destination and tags; `?folder_id=` a folder's links (its subfolders' too). */
export async function listLinks(db: Queryable, scope: ReadScope, q: ListLinksQuery): Promise<LinkRecord[]> {
  const sql = new ListSql('l', { workspaceId: scope.workspaceId, grantedIds: null })
    .add('l.deleted_at IS NULL')
    .search(q.q, ['l.title', 'l.slug', 'l.destination_url', "array_to_string(l.tags, ' ')"]);
  if (q.tag !== undefined) sql.add('$? = ANY(l.tags)', q.tag);
  if (q.status !== undefined) sql.add(`${STATUS} = $?`, q.status);
  // Folders (D-620, D-622): a scoped member's links are the granted ones and those the granted folders hold.
  if (scope.grantedIds !== null) {
    sql.values.push(scope.grantedIds, scope.grantedFolderIds ?? []);
    const n = sql.values.length;
    sql.where.push(`(l.id = ANY($${n - 1}::uuid[]) OR ${heldBy(`$${n}::uuid[]`)})`);
  }
  if (q.folder_id === 'none') sql.add('l.folder_id IS NULL');
  else if (q.folder_id !== undefined) sql.add(heldBy('ARRAY[$?]::uuid[]'), q.folder_id);
  const tail = sql.cursor(q.cursor).tail(q.limit);
  return rows<LinkRecord>(db, `${SELECT} ${tail}`, sql.values);
}
