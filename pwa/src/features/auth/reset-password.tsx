import { useState, type FormEvent } from 'react';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { Field } from '../../ui/field';
import { navigate } from '../../router/router';

/** `/reset-password?token=…` from the reset e-mail: choose a new password. */
export function ResetPassword() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const [password, setPassword] = useState('');
  const [message, setMessage] = useState('');
  const [done, setDone] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await api('/api/auth/password-reset/confirm', { body: { token, password } });
      setDone(true);
      setMessage('Your password is changed. Sign in with it now.');
    } catch (err) {
      setMessage(errorText(err));
    }
  };
  if (token === '')
    return (
      <main className="auth">
        <h1>LinkHub</h1>
        <h2>Choose a new password</h2>
        <p role="alert">
          This page opens from the link in a password reset email. Ask for one from the sign-in screen (Forgot
          password?).
        </p>
        <button type="button" onClick={() => navigate('/')}>
          Go to sign in
        </button>
      </main>
    );
  return (
    <main className="auth">
      <h1>LinkHub</h1>
      <form onSubmit={(e) => void submit(e)} aria-labelledby="reset-title">
        <h2 id="reset-title">Choose a new password</h2>
        {!done && (
          <Field
            label="New password"
            type="password"
            value={password}
            onChange={setPassword}
            autoComplete="new-password"
            hint="At least 10 characters."
            required
          />
        )}
        {!done && (
          <button type="submit" className="primary">
            Change password
          </button>
        )}
        {message && <p role="alert">{message}</p>}
        {done && (
          <button type="button" onClick={() => navigate('/')}>
            Go to sign in
          </button>
        )}
      </form>
    </main>
  );
}
