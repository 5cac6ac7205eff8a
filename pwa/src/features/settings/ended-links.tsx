import { useState } from 'react';
import { updateWorkspaceSettingsArgs } from '@linkhub/shared/mutators/workspace';
import { Field } from '../../ui/field';
import { errorText, fieldErrors } from '../../ui/error-messages';
import { useWorkspace } from '../../workspace/workspace-context';
import { useRep } from '../../replicache/rep-context';

/**
 * The workspace's default address for its ended links (D-616): an expired or used-up link without
 * its own address, on a domain without one, sends visitors here. Kept with the holding page settings.
 */
export function EndedLinksDefault() {
  const rep = useRep();
  const { workspace, can } = useWorkspace();
  const stored =
    typeof workspace.holding_page.expired_url === 'string' ? workspace.holding_page.expired_url : '';
  const [value, setValue] = useState(stored);
  const [error, setError] = useState<string | undefined>(undefined);
  const [message, setMessage] = useState('');
  if (!can('workspace.update_branding')) return null;
  const save = () => {
    const checked = updateWorkspaceSettingsArgs.safeParse({
      workspace_id: workspace.id,
      holding_page: { expired_url: value.trim() === '' ? null : value.trim() },
    });
    if (!checked.success) return setError(fieldErrors(checked.error)['holding_page.expired_url']);
    setError(undefined);
    void rep.mutate.updateWorkspaceSettings(checked.data).then(
      () => setMessage('Saved on this device; it syncs when online.'),
      (err: unknown) => setMessage(errorText(err)),
    );
  };
  return (
    <section className="panel" aria-labelledby="ended-links-title">
      <h2 id="ended-links-title">Ended links</h2>
      <Field
        label="Send visitors of ended links to"
        type="url"
        value={value}
        onChange={setValue}
        hint="Expired or used-up links without an address of their own or of their domain. Empty: a page saying the link has ended. QR codes keep their own rules."
        error={error}
      />
      <button type="button" onClick={save}>
        Save address
      </button>
      {message && <p aria-live="polite">{message}</p>}
    </section>
  );
}
