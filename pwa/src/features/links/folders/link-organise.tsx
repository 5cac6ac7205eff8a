import { Field } from '../../../ui/field';
import { listFolders } from '../../../replicache/queries';
import { useSubscribe } from '../../../replicache/use-subscribe';
import { FolderPicker } from './folder-picker';

/** The link editor's folder and private note (D-620, D-621): the note is never shown to visitors. */
export function LinkOrganise({
  workspaceId,
  folderId,
  note,
  onFolder,
  onNote,
  errors,
  readOnly,
}: {
  workspaceId: string;
  folderId: string;
  note: string;
  onFolder: (folderId: string) => void;
  onNote: (note: string) => void;
  errors: Record<string, string>;
  readOnly: boolean;
}) {
  const folders = useSubscribe((tx) => listFolders(tx, workspaceId), [], [workspaceId]);
  return (
    <>
      <FolderPicker folders={folders} value={folderId} onChange={onFolder} readOnly={readOnly} />
      {errors.folder_id && <p className="error">{errors.folder_id}</p>}
      <Field
        label="Note (private to your team)"
        value={note}
        onChange={onNote}
        error={errors.note}
        hint="Up to 2,000 characters; never shown to visitors."
        multiline
        readOnly={readOnly}
      />
    </>
  );
}
