import { useState, type FormEvent } from 'react';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { Field } from '../../ui/field';
import { useApi } from '../../ui/use-api';
import { copyText } from '../../ui/clipboard';

type Status = { enabled: boolean; recovery_codes_remaining: number };
type Enrolment = { otpauth_url: string; secret: string; qr_svg: string };

/** The signed-in user's TOTP: enrol (QR and typed key, confirm with a code), recovery codes, turn off. */
export function TwoFactor() {
  const status = useApi<Status>('/api/2fa');
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const call = async <T,>(work: () => Promise<T>, then: (value: T) => void) => {
    try {
      then(await work());
      setMessage('');
    } catch (e) {
      setMessage(errorText(e));
    }
  };
  const start = () =>
    void call(() => api<Enrolment>('/api/2fa/enrol', { method: 'POST', body: {} }), setEnrolment);
  const confirm = (e: FormEvent) => {
    e.preventDefault();
    void call(
      () => api<{ recovery_codes: string[] }>('/api/2fa/confirm', { body: { code } }),
      (made) => {
        setEnrolment(null);
        setCodes(made.recovery_codes);
        setCode('');
        status.reload();
      },
    );
  };
  const withCode = (path: '/api/2fa/disable' | '/api/2fa/recovery-codes') => (e: FormEvent) => {
    e.preventDefault();
    void call(
      () => api<{ recovery_codes?: string[] }>(path, { body: { code } }),
      (done) => {
        setCodes(done.recovery_codes ?? []);
        setCode('');
        status.reload();
      },
    );
  };
  const enabled = status.data?.enabled === true;
  return (
    <section className="panel" aria-labelledby="tfa-title">
      <h2 id="tfa-title">Two-factor authentication</h2>
      {status.error && <p className="error">{status.error}</p>}
      {status.data && (
        <p>
          {enabled ? (
            <>
              <strong>On.</strong> {status.data.recovery_codes_remaining} recovery codes left.
            </>
          ) : (
            'Off. Sign-in asks only for your password.'
          )}
        </p>
      )}
      {codes.length > 0 && (
        <div className="banner" role="alert">
          <span>
            Save these recovery codes now; each signs you in once if you lose your phone. They are not shown
            again.
          </span>
          <ul aria-label="Recovery codes" className="codes">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <button type="button" onClick={() => void copyText(codes.join('\n'))}>
            Copy codes
          </button>
        </div>
      )}
      {status.data && !enabled && !enrolment && (
        <button type="button" onClick={start}>
          Set up two-factor authentication
        </button>
      )}
      {enrolment && (
        <form onSubmit={confirm} aria-label="Confirm two-factor authentication">
          <p>Scan this code with an authenticator app, then type the 6-digit code it shows.</p>
          <img
            className="totp-qr"
            width={180}
            height={180}
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qr_svg)}`}
            alt="QR code for your authenticator app"
          />
          <p>
            Or type this key: <code aria-label="Secret key">{enrolment.secret}</code>
          </p>
          <Field
            label="6-digit code"
            value={code}
            onChange={setCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
          <button type="submit" className="primary">
            Turn on two-factor
          </button>
        </form>
      )}
      {enabled && (
        <form
          className="toolbar"
          onSubmit={withCode('/api/2fa/disable')}
          aria-label="Manage two-factor authentication"
        >
          <Field
            label="Code from your app"
            value={code}
            onChange={setCode}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
          <button type="submit" className="danger">
            Turn off two-factor
          </button>
          <button type="button" onClick={(e) => withCode('/api/2fa/recovery-codes')(e)}>
            New recovery codes
          </button>
        </form>
      )}
      {message && (
        <p className="error" role="alert">
          {message}
        </p>
      )}
    </section>
  );
}
