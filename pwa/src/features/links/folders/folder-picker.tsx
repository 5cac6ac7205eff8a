import { useId } from 'react';
import type { FolderView } from '@linkhub/shared/sync/views';
import { folderLabel, folderTree } from './folder-tree';

/** The link editor's folder field (D-620): no folder, or one of the folders this member sees. */
export function FolderPicker({
  folders,
  value,
  onChange,
  readOnly,
  label = 'Folder',
}: {
  folders: readonly FolderView[];
  value: string;
  onChange: (folderId: string) => void;
  readOnly?: boolean;
  label?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} disabled={readOnly}>
        <option value="">No folder</option>
        {folderTree(folders).map((entry) => (
          <option key={entry.folder.id} value={entry.folder.id}>
            {folderLabel(entry)}
          </option>
        ))}
      </select>
    </div>
  );
}
