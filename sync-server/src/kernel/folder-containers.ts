import type { ResourceInput } from '@linkhub/shared/permissions/authorize';
import { one, type Queryable } from '@linkhub/shared/server/db/sql';

export type FolderColumns = { folder_id: string | null; folder_parent_id: string | null };

/** A link's folder and that folder's parent: the folders whose grants reach it (D-622); none for other content. */
export const folderColumnsOf = (type: string): string =>
  type === 'link'
    ? 'folder_id, (SELECT hf.parent_id FROM link_folders hf WHERE hf.id = folder_id) AS folder_parent_id'
    : 'NULL::uuid AS folder_id, NULL::uuid AS folder_parent_id';

/** An experiment, with the folders of the link it tests (an experiment follows its link's grants). */
/** The row EXPERIMENT_WITH_FOLDERS_SQL answers. */
export type ExperimentWithFolders = {
  id: string;
  resource_type: string;
  resource_id: string;
  status: string;
  deleted: boolean;
} & FolderColumns;

export const EXPERIMENT_WITH_FOLDERS_SQL = `SELECT e.id, e.resource_type, e.resource_id, e.status, e.deleted_at IS NOT NULL AS deleted, l.folder_id,
        (SELECT hf.parent_id FROM link_folders hf WHERE hf.id = l.folder_id) AS folder_parent_id
   FROM experiments e LEFT JOIN links l ON e.resource_type = 'link' AND l.id = e.resource_id
  WHERE e.id = $1 AND e.workspace_id = $2`;

/** Those two columns as authorize()'s `containers`. */
export const foldersHolding = (r: FolderColumns): Array<{ type: string; id: string }> =>
  [r.folder_id, r.folder_parent_id].flatMap((id) => (id === null ? [] : [{ type: 'folder', id }]));

/** A folder as authorize() takes it: a deleted one is gone for every door (its grants stay), a subfolder is held by its parent. */
export async function loadFolderResource(
  db: Queryable,
  workspaceId: string,
  id: string,
): Promise<ResourceInput | null> {
  const f = await one<{ id: string; parent_id: string | null }>(
    db,
    'SELECT id, parent_id FROM link_folders WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL',
    [id, workspaceId],
  );
  return f
    ? {
        type: 'folder',
        id: f.id,
        workspace_id: workspaceId,
        containers: f.parent_id === null ? [] : [{ type: 'folder', id: f.parent_id }],
      }
    : null;
}
