import type { SyncedDraft } from '../../drafts/use-synced-draft';
import { fieldLabel } from '../../ui/error-messages';

/**
 * Shown while fields of an open form differ from their synced version in a way the form did not
 * make (another device changed them, or a save was refused and rolled back), beside the form's save
 * button: saving waits for this choice, and on a phone the top of the form is screens away. When the
 * person can no longer save (their role changed under them, the item was locked), only loading the synced version is offered.
 */
export function StaleNotice({
  fields,
  onPick,
  canSave = true,
}: {
  fields: readonly string[];
  onPick: (pick: 'mine' | 'theirs') => void;
  canSave?: boolean;
}) {
  if (fields.length === 0) return null;
  const named = fields.map(fieldLabel).join(', ');
  return (
    <div className="panel" role="alert" data-testid="stale-notice">
      <p>
        {canSave
          ? `Changed while you were editing (${named}): on another device, or your save was refused. Load the synced version, or keep what you typed and save it over the other change.`
          : `Not saved (${named}): what you typed differs from the synced version, and this item cannot be changed from your account now (your role, or a lock). Copy what you need, then load the synced version.`}
      </p>
      <div className="row">
        <button type="button" onClick={() => onPick('theirs')}>
          Load the synced version
        </button>
        {canSave && (
          <button type="button" onClick={() => onPick('mine')}>
            Keep mine
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * The notice for a form's synced draft. While the person can save: the fields changed elsewhere,
 * to keep or load. Once they cannot (their role changed under them, the item was locked): every field
 * they typed that is not saved, so nothing they typed vanishes without a word, and loading the synced
 * version drops it.
 */
export function DraftNotice<T extends Record<string, unknown>>({
  synced,
  canSave,
}: {
  synced: SyncedDraft<T>;
  canSave: boolean;
}) {
  if (canSave) return <StaleNotice fields={synced.conflicts.map(String)} onPick={synced.settle} />;
  return <StaleNotice fields={synced.unsaved.map(String)} onPick={synced.discard} canSave={false} />;
}
