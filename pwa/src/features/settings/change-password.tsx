import { useState, type FormEvent } from 'react';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { Field } from '../../ui/field';

/** Change the password knowing the current one; the server ends every other session of the account. */
export function ChangePassword() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void api<{ other_sessions_ended: number }>('/api/me/password', {
      body: { current_password: current, new_password: next },
    }).then(
      (done) => {
        setCurrent('');
        setNext('');
        setError('');
        setMessage(
          `Password changed. ${done.other_sessions_ended === 1 ? '1 other session was' : `${done.other_sessions_ended} other sessions were`} signed out.`,
        );
      },
      (err: unknown) => {
        setMessage('');
        setError(errorText(err));
      },
    );
  };
  return (
    <form className="panel" onSubmit={submit} aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <Field
        label="Current password"
        type="password"
        value={current}
        onChange={setCurrent}
        autoComplete="current-password"
        required
      />
      <Field
        label="New password"
        type="password"
        value={next}
        onChange={setNext}
        autoComplete="new-password"
        hint="At least 10 characters."
        required
      />
      <button type="submit">Change password</button>
      {message && <p aria-live="polite">{message}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
