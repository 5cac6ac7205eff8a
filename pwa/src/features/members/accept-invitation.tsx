import { useEffect, useState } from 'react';
import { api, errorText } from '../../app/api';
import { navigate } from '../../app/router';
import { rememberWorkspace } from '../../app/session';

/** `/invitations/accept?token=…` from the invitation e-mail, once signed in: join, then open the workspace. */
export function AcceptInvitation() {
  const [message, setMessage] = useState('Joining the workspace…');
  useEffect(() => {
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    api<{ workspace_id: string; role: string }>('/api/invitations/accept', { body: { token } }).then(
      (joined) => {
        rememberWorkspace(joined.workspace_id);
        setMessage(`You joined as ${joined.role}. It appears in the workspace switcher after the next sync.`);
      },
      (e: unknown) => setMessage(errorText(e)),
    );
  }, []);
  return (
    <main className="auth">
      <h1>Invitation</h1>
      <p role="status">{message}</p>
      <button type="button" className="primary" onClick={() => navigate('/links')}>
        Open the editor
      </button>
    </main>
  );
}
