import { useState, type FormEvent } from 'react';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { DevOutboxNote } from './dev-outbox-note';
import { rememberSignIn, type SessionUser } from '../../session/session';
import { Field } from '../../ui/field';
import { ArrivalNote } from './arrival-note';
import { takeArrival } from './arrival';
import { APP_LINK_PATHS } from '@linkhub/shared/url/app-link-paths';

type Mode = 'signin' | 'signup' | 'reset' | 'two_factor';
type ApiUser = { id: string; email: string; name: string; email_verified?: boolean };
type SignInData = { token?: string; user?: ApiUser; two_factor_required?: boolean; challenge_token?: string };

/** Sign in, create an account, answer the second factor, or ask for a reset link. */
export function AuthScreen({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  // A sign-in link of an account with two-factor lands here with the challenge to answer.
  const [arrivedChallenge] = useState(() => takeArrival()?.twoFactorChallenge ?? '');
  const [mode, setMode] = useState<Mode>(arrivedChallenge === '' ? 'signin' : 'two_factor');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState(arrivedChallenge);
  const [message, setMessage] = useState('');
  // The message says a mail was sent (a development server then says where it went).
  const [mailSent, setMailSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const finish = async (data: SignInData) => {
    if (data.two_factor_required && data.challenge_token) {
      setChallenge(data.challenge_token);
      setMode('two_factor');
      return;
    }
    if (data.token && data.user) onSignedIn(await rememberSignIn(data.token, data.user));
  };

  // Sign-up answers 202 for any address (the server never says one is taken), so sign in with what
  // was just chosen; if that fails the address already had an account, and its owner got a mail.
  const signUpThenSignIn = async () => {
    await api('/api/auth/signup', { body: { email, password, name } });
    try {
      await finish(await api<SignInData>('/api/auth/login', { body: { email, password } }));
    } catch {
      setMessage('Check your email: we sent a message to that address.');
      setMailSent(true);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setMessage('');
    setMailSent(false);
    try {
      if (mode === 'signup') await signUpThenSignIn();
      else if (mode === 'signin')
        await finish(await api<SignInData>('/api/auth/login', { body: { email, password } }));
      else if (mode === 'two_factor')
        await finish(
          await api<SignInData>('/api/auth/2fa/challenge', { body: { challenge_token: challenge, code } }),
        );
      else {
        await api('/api/auth/password-reset', { body: { email } });
        setMessage('If that address has an account, a reset link is on its way.');
        setMailSent(true);
      }
    } catch (err) {
      setMessage(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const title = {
    signin: 'Sign in',
    signup: 'Create your account',
    reset: 'Reset your password',
    two_factor: 'Two-factor code',
  }[mode];
  return (
    <main className="auth">
      <h1>LinkHub</h1>
      <ArrivalNote />
      {window.location.pathname === APP_LINK_PATHS.acceptInvitation && (
        <p className="banner" data-testid="invitation-note">
          You are invited to a LinkHub workspace. Sign in to join it, or create an account with the address
          the invitation was sent to.
        </p>
      )}
      <form onSubmit={(e) => void submit(e)} aria-labelledby="auth-title">
        <h2 id="auth-title">{title}</h2>
        {mode === 'signup' && (
          <Field label="Your name" value={name} onChange={setName} autoComplete="name" required />
        )}
        {mode !== 'two_factor' && (
          <Field label="Email" type="email" value={email} onChange={setEmail} autoComplete="email" required />
        )}
        {(mode === 'signin' || mode === 'signup') && (
          <Field
            label="Password"
            type="password"
            value={password}
            onChange={setPassword}
            autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
            hint={mode === 'signup' ? 'At least 10 characters.' : undefined}
            required
          />
        )}
        {mode === 'two_factor' && (
          <Field
            label="Code from your authenticator app"
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            inputMode="numeric"
            required
          />
        )}
        <button type="submit" className="primary" disabled={busy}>
          {title}
        </button>
        {message && (
          <p role="alert" className="form-message">
            {message}
          </p>
        )}
        {message && mailSent && <DevOutboxNote />}
      </form>
      <nav aria-label="Other ways in" className="auth-links">
        {mode !== 'signin' && (
          <button type="button" className="link" onClick={() => setMode('signin')}>
            I have an account
          </button>
        )}
        {mode !== 'signup' && (
          <button type="button" className="link" onClick={() => setMode('signup')}>
            Create an account
          </button>
        )}
        {mode !== 'reset' && (
          <button type="button" className="link" onClick={() => setMode('reset')}>
            Forgot password?
          </button>
        )}
      </nav>
    </main>
  );
}
