import type { FolderView } from '@linkhub/shared/sync/views';

/** A folder with its depth (0 top level, 1 subfolder), in the order a picker lists them. */
export type FolderEntry = { folder: FolderView; depth: 0 | 1 };

/**
 * Folders in tree order (D-620): each top-level folder by name, its subfolders by name beneath it.
 * A subfolder whose parent is not visible (a scoped member granted only the subfolder) is listed at
 * the top level.
 */
export function folderTree(folders: readonly FolderView[]): FolderEntry[] {
  const byName = (a: FolderView, b: FolderView) => a.name.localeCompare(b.name);
  const ids = new Set(folders.map((f) => f.id));
  const tops = folders.filter((f) => f.parent_id === null || !ids.has(f.parent_id)).sort(byName);
  return tops.flatMap((top) => [
    { folder: top, depth: 0 as const },
    ...folders
      .filter((f) => f.parent_id === top.id)
      .sort(byName)
      .map((folder) => ({ folder, depth: 1 as const })),
  ]);
}

/** The folder and its subfolders' ids: what a folder filter shows. */
export function folderAndChildren(folders: readonly FolderView[], id: string): Set<string> {
  return new Set([id, ...folders.filter((f) => f.parent_id === id).map((f) => f.id)]);
}

/** A picker label: a subfolder is indented under its parent. */
export const folderLabel = (entry: FolderEntry): string =>
  entry.depth === 1 ? `\u2003${entry.folder.name}` : entry.folder.name;

/**
 * A CSV `folder` cell → a folder's id (D-620): its name, or `Parent/Child` for a subfolder, whatever
 * the case; a bare name that two folders share answers the top-level one. Null: no such folder.
 */
export function folderIdByName(folders: readonly FolderView[]): (cell: string) => string | null {
  const key = (name: string) => name.trim().toLowerCase();
  return (cell) => {
    const [first = '', second] = cell.split('/').map(key);
    const top = folders.filter((f) => key(f.name) === first);
    if (second === undefined) {
      const found = top.find((f) => f.parent_id === null) ?? top[0];
      return found?.id ?? null;
    }
    const parentIds = new Set(top.filter((f) => f.parent_id === null).map((f) => f.id));
    return (
      folders.find((f) => f.parent_id !== null && parentIds.has(f.parent_id) && key(f.name) === second)?.id ??
      null
    );
  };
}

/** How a link's folder is written in a CSV export: its name, or `Parent/Child` (read back by `folderIdByName`). */
export function folderPathOf(folders: readonly FolderView[], id: string | null): string {
  const folder = id === null ? undefined : folders.find((f) => f.id === id);
  if (!folder) return '';
  const parent = folder.parent_id === null ? undefined : folders.find((f) => f.id === folder.parent_id);
  return parent ? `${parent.name}/${folder.name}` : folder.name;
}
