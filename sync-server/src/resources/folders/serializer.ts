import type { Folder } from '@linkhub/shared/schemas/folders';

export type FolderRecord = {
  id: string;
  workspace_id: string;
  name: string;
  parent_id: string | null;
  created_at: Date;
  updated_at: Date;
  cursor_at: string;
};

/** A folder as the API returns it (shared `folderSchema`). */
export function serializeFolder(row: Omit<FolderRecord, 'cursor_at'>): Folder {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    name: row.name,
    parent_id: row.parent_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
