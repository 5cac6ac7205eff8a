import { useState } from 'react';
import type { DomainView } from '@linkhub/shared/sync/views';
import { updateDomainArgs } from '@linkhub/shared/mutators/domains';
import { Field } from '../../ui/field';
import { fieldErrors } from '../../ui/error-messages';
import { useRep } from '../../replicache/rep-context';

type AddressField = 'not_found_url' | 'root_redirect_url' | 'expired_url';

const FIELDS: ReadonlyArray<{ key: AddressField; label: string; hint: string }> = [
  {
    key: 'root_redirect_url',
    label: 'Root redirects to',
    hint: 'The domain itself (/) sends visitors here instead of showing a bio page. Empty: the page.',
  },
  {
    key: 'not_found_url',
    label: 'Unknown short links go to',
    hint: 'A slug no link holds on this domain. Empty: a page saying the link was not found.',
  },
  {
    key: 'expired_url',
    label: 'Ended links go to',
    hint: 'Expired or used-up links of this domain without their own address. QR codes keep their own rules.',
  },
];

/** A custom domain's own addresses (D-617, D-616), each saved with the value shown as its base (D-500). */
export function DomainAddresses({ domain, workspaceId }: { domain: DomainView; workspaceId: string }) {
  const rep = useRep();
  const [values, setValues] = useState<Record<AddressField, string>>({
    not_found_url: domain.not_found_url ?? '',
    root_redirect_url: domain.root_redirect_url ?? '',
    expired_url: domain.expired_url ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');

  const save = async () => {
    const changed = FIELDS.filter(({ key }) => values[key].trim() !== (domain[key] ?? ''));
    if (changed.length === 0) return setStatus('Nothing to save.');
    const edits = Object.fromEntries(changed.map(({ key }) => [key, values[key].trim() || null]));
    const base = Object.fromEntries(changed.map(({ key }) => [key, domain[key]]));
    const parsed = updateDomainArgs.safeParse({ id: domain.id, workspace_id: workspaceId, ...edits, base });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    await rep.mutate.updateDomain(parsed.data);
    setStatus('Saved on this device; it syncs when online.');
  };

  return (
    <fieldset>
      <legend>Addresses of {domain.hostname}</legend>
      {FIELDS.map(({ key, label, hint }) => (
        <Field
          key={key}
          label={label}
          type="url"
          value={values[key]}
          onChange={(v) => setValues((current) => ({ ...current, [key]: v }))}
          hint={hint}
          error={errors[key]}
        />
      ))}
      <button type="button" onClick={() => void save()}>
        Save addresses
      </button>
      {status && <p aria-live="polite">{status}</p>}
    </fieldset>
  );
}
