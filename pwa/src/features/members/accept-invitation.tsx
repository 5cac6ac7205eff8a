import { useEffect, useState } from 'react';
import { navigate } from '../../router/router';
import { rememberWorkspace } from '../../session/session';
import { errorText } from '../../ui/error-messages';
import { acceptInvitationOnce } from './accept-request';

/**
 * `/invitations/accept?token=…` from the invitation e-mail, once signed in: join, then open the
 * workspace. `onJoined` lets the app read the user again: the mailed link proved the address, so the
 * "verify your email" banner must not ask for it a second time.
 */
export function AcceptInvitation({ onJoined }: { onJoined: () => void }) {
  const [message, setMessage] = useState('Joining the workspace…');
  const [joinedName, setJoinedName] = useState<string | null>(null);
  useEffect(() => {
    let shown = true;
    const token = new URLSearchParams(window.location.search).get('token') ?? '';
    acceptInvitationOnce(token).then(
      (joined) => {
        if (!shown) return;
        if (joined === 'already_member') return setMessage('You are already a member of this workspace.');
        rememberWorkspace(joined.workspace_id);
        onJoined();
        setJoinedName(joined.workspace_name);
        setMessage(`You joined ${joined.workspace_name} as ${joined.role}.`);
      },
      (e: unknown) => {
        if (shown) setMessage(errorText(e));
      },
    );
    return () => {
      shown = false;
    };
  }, []);
  return (
    <main className="auth">
      <h1>Invitation</h1>
      <p role="status">{message}</p>
      <button type="button" className="primary" onClick={() => navigate('/links')}>
        {joinedName === null ? 'Open the editor' : `Open ${joinedName}`}
      </button>
    </main>
  );
}
