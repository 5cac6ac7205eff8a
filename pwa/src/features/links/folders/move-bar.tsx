import { useState } from 'react';
import type { FolderView } from '@linkhub/shared/sync/views';
import { useRep } from '../../../replicache/rep-context';
import { FolderPicker } from './folder-picker';

/**
 * "Move to folder" for the links picked in the list (D-620): one updateLink each, so the move works
 * offline and each link is authorized on its own like any edit.
 */
export function MoveBar({
  workspaceId,
  folders,
  picked,
  onDone,
}: {
  workspaceId: string;
  folders: readonly FolderView[];
  picked: ReadonlySet<string>;
  onDone: (message: string) => void;
}) {
  const rep = useRep();
  const [target, setTarget] = useState('');
  if (picked.size === 0) return null;
  const move = async () => {
    for (const id of picked)
      await rep.mutate.updateLink({ id, workspace_id: workspaceId, folder_id: target || null });
    const name = folders.find((f) => f.id === target)?.name;
    onDone(
      `Moved ${picked.size} ${picked.size === 1 ? 'link' : 'links'} ${name ? `to “${name}”` : 'out of their folders'}.`,
    );
  };
  return (
    <div className="row move-bar" role="group" aria-label="Selected links">
      <span>{picked.size} selected</span>
      <FolderPicker label="Move to folder" folders={folders} value={target} onChange={setTarget} />
      <button type="button" className="primary" onClick={() => void move()}>
        Move
      </button>
    </div>
  );
}
