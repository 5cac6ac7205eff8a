import { useEffect, useState } from 'react';
import { api } from '../../api/api';
import { count } from './number-format';

type Realtime = { events: number; visitors: number };

/**
 * Visitors of the last 30 minutes. It re-reads when `pulse` changes: the synced summaries, which the
 * worker refreshes after each ingest and pokes to every device (ARCHITECTURE.md#the-life-of-an-offline-edit), so the counter moves
 * with the same poke that moves the rest of the editor.
 */
export function RealtimeCounter({ query, pulse }: { query: string; pulse: string }) {
  const [value, setValue] = useState<Realtime | null>(null);
  useEffect(() => {
    let live = true;
    api<Realtime>(`/v1/analytics/realtime?${query}`).then(
      (v) => live && setValue(v),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [query, pulse]);
  if (value === null) return null;
  return (
    <p className="an-live" aria-live="polite">
      <span className="an-dot" aria-hidden="true" />
      <strong>{count(value.visitors)}</strong> {value.visitors === 1 ? 'visitor' : 'visitors'} in the last 30
      minutes
      <span className="muted"> ({count(value.events)} events)</span>
    </p>
  );
}
