import './folders.css';
import { useState, type FormEvent } from 'react';
import { v7 as uuidv7 } from 'uuid';
import type { FolderView, LinkView } from '@linkhub/shared/sync/views';
import { useRep } from '../../../replicache/rep-context';
import { errorText } from '../../../ui/error-messages';
import { Field } from '../../../ui/field';
import { folderTree } from './folder-tree';
import { FolderPicker } from './folder-picker';

/** What the list shows: every folder (''), the links in no folder ('none'), or one folder (its id). */
export type FolderChoice = string;

/**
 * The links list's folders (D-620): a row of folder filters (each with its link count), and for
 * whoever may organise, a new folder, and renaming or deleting the one shown. Deleting a folder
 * keeps its links (they move to no folder). Offline like every edit: the folder mutators.
 */
export function FolderBar({
  workspaceId,
  folders,
  links,
  value,
  onChange,
  can,
}: {
  workspaceId: string;
  folders: readonly FolderView[];
  links: readonly LinkView[];
  value: FolderChoice;
  onChange: (choice: FolderChoice) => void;
  can: { create: boolean; update: boolean; remove: boolean };
}) {
  const rep = useRep();
  const [adding, setAdding] = useState<{ name: string; parent: string } | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const current = folders.find((f) => f.id === value) ?? null;
  const count = (id: string) =>
    links.filter((l) => l.folder_id === id || folders.some((f) => f.parent_id === id && f.id === l.folder_id))
      .length;
  const chip = (choice: FolderChoice, label: string, depth = 0) => (
    <button
      key={choice || 'all'}
      type="button"
      className={`chip${depth === 1 ? ' sub' : ''}`}
      aria-pressed={value === choice}
      onClick={() => onChange(choice)}
    >
      {label}
    </button>
  );

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!adding) return;
    try {
      const id = uuidv7();
      await rep.mutate.createFolder({
        id,
        workspace_id: workspaceId,
        name: adding.name.trim(),
        ...(adding.parent ? { parent_id: adding.parent } : {}),
      });
      setAdding(null);
      setMessage(null);
      onChange(id);
    } catch (err) {
      setMessage(errorText(err));
    }
  };
  const rename = async (e: FormEvent) => {
    e.preventDefault();
    if (!current || renaming === null) return;
    try {
      await rep.mutate.updateFolder({ id: current.id, workspace_id: workspaceId, name: renaming.trim() });
      setRenaming(null);
    } catch (err) {
      setMessage(errorText(err));
    }
  };
  const remove = async () => {
    if (!current) return;
    await rep.mutate.deleteFolder({ id: current.id, workspace_id: workspaceId });
    setMessage(`Deleted the folder “${current.name}”; its links are kept, in no folder.`);
    onChange('');
  };

  return (
    <nav className="folder-bar" aria-label="Folders">
      <div className="chips">
        {chip('', `All links (${links.length})`)}
        {chip('none', `No folder (${links.filter((l) => l.folder_id === null).length})`)}
        {folderTree(folders).map(({ folder, depth }) =>
          chip(folder.id, `${folder.name} (${count(folder.id)})`, depth),
        )}
        {can.create && adding === null && (
          <button type="button" onClick={() => setAdding({ name: '', parent: '' })}>
            New folder
          </button>
        )}
      </div>
      {adding && (
        <form className="row" onSubmit={(e) => void create(e)} aria-label="New folder">
          <Field
            label="Folder name"
            value={adding.name}
            onChange={(name) => setAdding({ ...adding, name })}
            required
          />
          <FolderPicker
            label="Inside"
            folders={folders.filter((f) => f.parent_id === null)}
            value={adding.parent}
            onChange={(parent) => setAdding({ ...adding, parent })}
          />
          <button type="submit" className="primary" disabled={adding.name.trim() === ''}>
            Create folder
          </button>
          <button type="button" onClick={() => setAdding(null)}>
            Cancel
          </button>
        </form>
      )}
      {current && (can.update || can.remove) && (
        <div className="row">
          {can.update && renaming === null && (
            <button type="button" onClick={() => setRenaming(current.name)}>
              Rename folder
            </button>
          )}
          {renaming !== null && (
            <form className="row" onSubmit={(e) => void rename(e)} aria-label="Rename folder">
              <Field label="New name" value={renaming} onChange={setRenaming} required />
              <button type="submit">Save name</button>
            </form>
          )}
          {can.remove && (
            <button type="button" className="danger" onClick={() => void remove()}>
              Delete folder
            </button>
          )}
        </div>
      )}
      {message && <p aria-live="polite">{message}</p>}
    </nav>
  );
}
