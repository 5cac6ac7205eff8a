import { useState } from 'react';
import { api } from '../../api/api';
import { errorText } from '../../ui/error-messages';
import { useApi } from '../../ui/use-api';
import { wallTimeOf } from '../../ui/zoned-time';

type Session = {
  id: string;
  current: boolean;
  client_kind: string;
  client_label: string | null;
  created_at: string;
  last_seen_at: string | null;
};

/** On this device's own clock: sessions belong to the person, not to one workspace's time zone. */
const deviceZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const day = (iso: string | null) => (iso ? wallTimeOf(iso, deviceZone).replace('T', ' ') : 'never');

/** Where this account is signed in (client label only, never an IP), and signing one of them out. */
export function Sessions({ onSignOutAll }: { onSignOutAll: () => void }) {
  const sessions = useApi<Session[]>('/api/sessions');
  const [message, setMessage] = useState('');
  const revoke = (s: Session) =>
    void api(`/api/sessions/${s.id}`, { method: 'DELETE' }).then(
      () => {
        setMessage(`Signed out ${s.client_label ?? s.client_kind}.`);
        sessions.reload();
      },
      (e: unknown) => setMessage(errorText(e)),
    );
  return (
    <section className="panel" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Where you are signed in</h2>
      {sessions.error && <p className="error">{sessions.error}</p>}
      <ul className="list" aria-label="Active sessions">
        {(sessions.data ?? []).map((s) => (
          <li key={s.id}>
            <span>
              <strong>{s.client_label ?? s.client_kind}</strong>{' '}
              {s.current && <span className="badge">this device</span>}{' '}
              <small className="muted">
                signed in {day(s.created_at)} · last active {day(s.last_seen_at)}
              </small>
            </span>
            {!s.current && (
              <button
                type="button"
                className="danger"
                onClick={() => revoke(s)}
                aria-label={`Sign out ${s.client_label ?? s.client_kind} (signed in ${day(s.created_at)}, last active ${day(s.last_seen_at)})`}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      <button type="button" onClick={onSignOutAll}>
        Sign out on all devices
      </button>
      {message && <p aria-live="polite">{message}</p>}
    </section>
  );
}
