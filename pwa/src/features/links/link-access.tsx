import { useState } from 'react';
import type { LinkView } from '@linkhub/shared/sync/views';
import { setLinkPassword, updateLinkArgs } from '@linkhub/shared/mutators/links';
import { Field } from '../../ui/field';
import { fieldErrors } from '../../ui/error-messages';
import { useRep } from '../../replicache/rep-context';

/**
 * A link's access controls (D-615, D-616): where it sends visitors once it has ended, how many visits
 * it takes, and its password. The password is sent once and never shown again: the device keeps only
 * whether one is set (`has_password`).
 */
export function LinkAccess({
  link,
  workspaceId,
  editable,
}: {
  link: LinkView;
  workspaceId: string;
  editable: boolean;
}) {
  const rep = useRep();
  const [expiredUrl, setExpiredUrl] = useState(link.expired_url ?? '');
  const [maxClicks, setMaxClicks] = useState(link.max_clicks === null ? '' : String(link.max_clicks));
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const ref = { id: link.id, workspace_id: workspaceId };

  const saveLimits = async () => {
    const cap = maxClicks.trim();
    const parsed = updateLinkArgs.safeParse({
      ...ref,
      expired_url: expiredUrl.trim() === '' ? null : expiredUrl.trim(),
      max_clicks: cap === '' ? null : Number(cap),
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    await rep.mutate.updateLink(parsed.data);
    setStatus('Saved on this device; it syncs when online.');
  };

  const savePassword = async (value: string | null) => {
    const parsed = setLinkPassword.args.safeParse({ ...ref, password: value });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error));
    setErrors({});
    await rep.mutate.setLinkPassword(parsed.data);
    setPassword('');
    setStatus(
      value === null ? 'Password removed.' : 'Password set: visitors type it before they are sent on.',
    );
  };

  const counted =
    link.max_clicks === null
      ? null
      : `${link.click_count} of ${link.max_clicks} visits used (updated every 30 s).`;
  return (
    <fieldset>
      <legend>Access</legend>
      <div className="two">
        <Field
          label="After it ends, send visitors to"
          type="url"
          value={expiredUrl}
          onChange={setExpiredUrl}
          hint="When the link has expired or its visits are used up. Empty: the domain's default, else a page saying it has ended."
          error={errors.expired_url}
          readOnly={!editable}
        />
        <Field
          label="Maximum visits"
          type="number"
          inputMode="numeric"
          value={maxClicks}
          onChange={setMaxClicks}
          hint={counted ?? 'Empty: no limit.'}
          error={errors.max_clicks}
          readOnly={!editable}
        />
      </div>
      {editable && (
        <div className="row">
          <button type="button" onClick={() => void saveLimits()}>
            Save access limits
          </button>
        </div>
      )}
      <p className="muted">
        {link.has_password
          ? 'A password protects this link.'
          : 'No password: anyone with the link can open it.'}
      </p>
      {editable && (
        <div className="row">
          <Field
            label={link.has_password ? 'New password' : 'Password'}
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            error={errors.password}
          />
          <button type="button" disabled={password === ''} onClick={() => void savePassword(password)}>
            {link.has_password ? 'Change password' : 'Set password'}
          </button>
          {link.has_password && (
            <button type="button" onClick={() => void savePassword(null)}>
              Remove password
            </button>
          )}
        </div>
      )}
      {status && <p aria-live="polite">{status}</p>}
    </fieldset>
  );
}
