import { useState } from 'react';
import { api } from '../api/api';
import { errorText } from '../ui/error-messages';
import { DevOutboxNote } from '../features/auth/dev-outbox-note';

/** Until the address is verified, publishing is refused: say so and offer to resend the mail. */
export function VerifyBanner({ email }: { email: string }) {
  const [state, setState] = useState('');
  const resend = async () => {
    try {
      await api('/api/auth/verify-email/resend', { method: 'POST' });
      setState(`We sent a new link to ${email}.`);
    } catch (e) {
      setState(errorText(e));
    }
  };
  return (
    <div className="banner" role="note">
      <span>Verify your email ({email}) to publish pages. Check your inbox for the link.</span>
      <button type="button" onClick={() => void resend()}>
        Resend link
      </button>
      {state && <span aria-live="polite">{state}</span>}
      <DevOutboxNote />
    </div>
  );
}
