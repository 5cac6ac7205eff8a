import { useState, type FormEvent } from 'react';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';

/**
 * Asks for the password again when the server wants a recent sign-in before it shows leads'
 * addresses (the same step-up an export asks), then lets the screen ask again.
 */
export function ConfirmPassword({ onConfirmed }: { onConfirmed: () => void }) {
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setMessage('');
    try {
      await api('/api/auth/reauthenticate', { body: { password } });
      setPassword('');
      onConfirmed();
    } catch (err) {
      setMessage(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="panel" aria-label="Confirm your password" onSubmit={(e) => void submit(e)}>
      <p>Leads’ addresses are shown after you confirm your password again.</p>
      <label>
        Password{' '}
        <input
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      </label>
      <button type="submit" disabled={busy}>
        Show the leads
      </button>
      <span role="status">{message}</span>
    </form>
  );
}
