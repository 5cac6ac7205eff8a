import { useState } from 'react';
import { copyText } from '../../ui/clipboard';

/** A signing secret, shown once: copy it now, it cannot be read back (only its last four characters). */
export function SecretReveal({ secret, note, onDone }: { secret: string; note: string; onDone: () => void }) {
  const [copied, setCopied] = useState('');
  return (
    <div className="banner" role="alert" aria-label="Signing secret">
      <p style={{ overflowWrap: 'anywhere', margin: 0 }}>
        {note} Copy it now: it is not shown again. <code data-testid="webhook-secret">{secret}</code>
      </p>
      <button
        type="button"
        onClick={() =>
          void copyText(secret).then((ok) => setCopied(ok ? 'Copied.' : 'Select the secret and copy it.'))
        }
      >
        Copy secret
      </button>
      <button type="button" onClick={onDone}>
        I have saved it
      </button>
      <span aria-live="polite">{copied}</span>
    </div>
  );
}
