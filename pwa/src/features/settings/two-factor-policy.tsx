import { useState, type FormEvent } from 'react';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { Field } from '../../ui/field';
import { useWorkspace } from '../../workspace/workspace-context';
import { useApi } from '../../ui/use-api';

type Listed = { id: string; require_two_factor?: boolean };

/** Owner only: every member must use two-factor authentication to act in this workspace (step-up: the password again). */
export function TwoFactorPolicy() {
  const { workspace, can } = useWorkspace();
  const listed = useApi<Listed[]>(can('workspace.set_two_factor_policy') ? '/api/workspaces' : null);
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  if (!can('workspace.set_two_factor_policy')) return null;
  const current = listed.data?.find((w) => w.id === workspace.id)?.require_two_factor;
  if (current === undefined) return null;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void (async () => {
      try {
        await api('/api/auth/reauthenticate', { body: { password } });
        await api(`/api/workspaces/${workspace.id}/two-factor-policy`, {
          method: 'PUT',
          body: { require_two_factor: !current },
        });
        setPassword('');
        setError('');
        setMessage(
          current
            ? 'Members no longer need two-factor authentication here.'
            : 'Every member now needs two-factor authentication to work in this workspace.',
        );
        listed.reload();
      } catch (err) {
        setMessage('');
        setError(errorText(err));
      }
    })();
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="tfa-policy-title">
      <h2 id="tfa-policy-title">Two-factor for every member</h2>
      <p>
        {current
          ? 'Required: members without two-factor authentication cannot act in this workspace.'
          : 'Not required.'}
      </p>
      <div className="toolbar">
        <Field
          label="Your password"
          type="password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          required
        />
        <button type="submit">{current ? 'Stop requiring two-factor' : 'Require two-factor'}</button>
      </div>
      {message && <p aria-live="polite">{message}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
