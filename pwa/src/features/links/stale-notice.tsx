import { fieldLabel } from '../../ui/error-messages';

/**
 * Shown while fields of an open form were changed elsewhere (another device, or a refused save),
 * beside the form's save button: saving waits for this choice, and on a phone the top of the form is
 * screens away.
 */
export function StaleNotice({
  fields,
  onPick,
}: {
  fields: readonly string[];
  onPick: (pick: 'mine' | 'theirs') => void;
}) {
  if (fields.length === 0) return null;
  return (
    <div className="panel" role="alert" data-testid="stale-notice">
      <p>
        Changed on another device while you were editing ({fields.map(fieldLabel).join(', ')}). Load the
        synced version, or keep what you typed and save it over the other change.
      </p>
      <div className="row">
        <button type="button" onClick={() => onPick('theirs')}>
          Load the synced version
        </button>
        <button type="button" onClick={() => onPick('mine')}>
          Keep mine
        </button>
      </div>
    </div>
  );
}
