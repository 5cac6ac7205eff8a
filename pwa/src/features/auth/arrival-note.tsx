import { useState } from 'react';
import { takeArrival } from './arrival';

/** The message a mail link landed with, until it is dismissed. */
export function ArrivalNote() {
  const [message, setMessage] = useState(() => takeArrival()?.message ?? null);
  if (message === null) return null;
  return (
    <div className="banner" role="status">
      <span>{message}</span>
      <button type="button" onClick={() => setMessage(null)}>
        Dismiss
      </button>
    </div>
  );
}
