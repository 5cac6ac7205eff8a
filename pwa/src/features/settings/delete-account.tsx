import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { Field } from '../../ui/field';
import { useWorkspace } from '../../workspace/workspace-context';

/** Why the server refused: for a sole owner, the workspaces to hand over or delete first. */
function refusal(error: unknown): string {
  if (error instanceof ApiError && error.code === 'last_owner_required') {
    return 'You are the only owner of a workspace. Transfer its ownership (Members) or delete it (above) first, then delete your account.';
  }
  return errorText(error);
}

/** Delete the signed-in account: the e-mail typed and the password asked again; content stays with its workspaces. */
export function DeleteAccount({ onDeleted }: { onDeleted: () => void }) {
  const { user } = useWorkspace();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void (async () => {
      try {
        await api('/api/auth/reauthenticate', { body: { password } });
        await api('/api/me', { method: 'DELETE', body: { confirmation: typed } });
        onDeleted();
      } catch (err) {
        setError(refusal(err));
      }
    })();
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete your account</h2>
      <p>
        Your sign-in, sessions and memberships end. Links, pages and QR codes belong to their workspaces and
        stay.
      </p>
      <Field
        label="Type your e-mail address to confirm"
        type="email"
        value={typed}
        onChange={setTyped}
        required
      />
      <Field
        label="Password"
        type="password"
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        required
      />
      <button
        type="submit"
        className="danger"
        disabled={typed.trim().toLowerCase() !== user.email.toLowerCase()}
      >
        Delete my account
      </button>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
