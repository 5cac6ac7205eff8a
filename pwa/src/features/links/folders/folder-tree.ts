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
