import { useState } from 'react';
import type { BillingView } from '@linkhub/shared/billing/api';
import { useWorkspace } from '../../workspace/workspace-context';
import { errorText } from '../../ui/error-messages';
import { keepEditable } from './billing-api';

const NOUNS = { bio_page: 'bio pages', link: 'short links', qr_code: 'QR codes' } as const;

type Group = BillingView['over_cap'][number];

/** After a downgrade: the Owner picks which items stay editable (up to the cap); the rest are read-only, still live. */
export function EditableChooser({ group, onSaved }: { group: Group; onSaved: (view: BillingView) => void }) {
  const { workspace } = useWorkspace();
  const [keep, setKeep] = useState<Set<string>>(
    () => new Set(group.items.filter((i) => !i.edit_locked).map((i) => i.id)),
  );
  const [message, setMessage] = useState('');
  const noun = NOUNS[group.resource_type];
  const toggle = (id: string) =>
    setKeep((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else if (next.size < group.limit) next.add(id);
      return next;
    });
  const save = async () => {
    try {
      onSaved(await keepEditable(workspace.id, group.resource_type, [...keep]));
      setMessage('Saved.');
    } catch (e) {
      setMessage(errorText(e));
    }
  };
  return (
    <section className="panel" aria-label={`Editable ${noun}`}>
      <h2>Choose the {noun} to keep editing</h2>
      <p className="muted">
        Your plan includes {group.limit} {noun}. The others stay live and keep every visit, but are read-only
        until you upgrade.
      </p>
      <ul className="list">
        {group.items.map((item) => (
          <li key={item.id}>
            <label>
              <input
                type="checkbox"
                checked={keep.has(item.id)}
                disabled={!keep.has(item.id) && keep.size >= group.limit}
                onChange={() => toggle(item.id)}
              />{' '}
              {item.title}
            </label>
            {item.edit_locked && <span className="badge paused">Read-only</span>}
          </li>
        ))}
      </ul>
      <button type="button" className="primary" onClick={() => void save()}>
        Keep these editable
      </button>
      {message && <span role="status">{message}</span>}
    </section>
  );
}
