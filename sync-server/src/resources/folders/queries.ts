import type { ListFoldersQuery } from '@linkhub/shared/schemas/folders';
import { one, rows, type Queryable } from '@linkhub/shared/server/db/sql';
import type { ReadScope } from '../../http/caller';
import { cursorColumn, ListSql } from '../../http/list-sql';
import type { FolderRecord } from './serializer';

const SELECT = `SELECT f.id, f.workspace_id, f.name, f.parent_id, f.created_at, f.updated_at, ${cursorColumn('f')}
  FROM link_folders f`;

/**
 * What a scoped member sees of the folders (D-622): the folders granted to them and the subfolders
 * of those; `$?` is the granted folder ids.
 */
export const GRANTED_FOLDER_CLAUSE = '(f.id = ANY($?::uuid[]) OR f.parent_id = ANY($?::uuid[]))';

export async function findFolder(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<FolderRecord | undefined> {
  return one<FolderRecord>(db, `${SELECT} WHERE f.id = $1 AND f.workspace_id = $2 AND f.deleted_at IS NULL`, [
    id,
    workspaceId,
  ]);
}

/** Newest first, like every list; `?parent_id=` lists one folder's subfolders. */
export async function listFolders(
  db: Queryable,
  scope: ReadScope,
  q: ListFoldersQuery,
): Promise<FolderRecord[]> {
  const sql = new ListSql('f', { workspaceId: scope.workspaceId, grantedIds: null }).add(
    'f.deleted_at IS NULL',
  );
  if (scope.grantedIds !== null) sql.add(GRANTED_FOLDER_CLAUSE, scope.grantedIds);
  if (q.parent_id !== undefined) sql.add('f.parent_id = $?', q.parent_id);
  const tail = sql.cursor(q.cursor).tail(q.limit);
  return rows<FolderRecord>(db, `${SELECT} ${tail}`, sql.values);
}

/** The live links a set of folders holds, directly or through a subfolder (a scoped member's folder grants, D-622). */
export async function linkIdsInFolders(
  db: Queryable,
  workspaceId: string,
  folderIds: readonly string[],
): Promise<string[]> {
  if (folderIds.length === 0) return [];
  const found = await rows<{ id: string }>(
    db,
    `SELECT l.id FROM links l LEFT JOIN link_folders hf ON hf.id = l.folder_id
      WHERE l.workspace_id = $1 AND l.deleted_at IS NULL
        AND (l.folder_id = ANY($2::uuid[]) OR hf.parent_id = ANY($2::uuid[]))`,
    [workspaceId, folderIds],
  );
  return found.map((r) => r.id);
}
