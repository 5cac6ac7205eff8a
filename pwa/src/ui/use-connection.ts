import { createContext, useContext, useEffect, useState } from 'react';
import { healthzEditorViewSchema } from '@linkhub/shared/schemas/healthz';

export type Connection = 'online' | 'offline' | 'server-unreachable';

/** The shell checks the connection once (useConnection) and shares it here. */
export const ConnectionContext = createContext<Connection>('online');
export const useConnectionState = (): Connection => useContext(ConnectionContext);

/**
 * Whether the sync-server can take the editor's changes, from its `/healthz` answer: a 200, or a 503
 * that says it still takes edits (the server decides: shared/src/schemas/healthz.ts).
 */
export function takesEdits(status: number, body: string): boolean {
  if (status === 200) return true;
  if (status !== 503) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  const view = healthzEditorViewSchema.safeParse(parsed);
  return view.success && view.data.takes_edits;
}

/** Whether the device is online and the sync-server answers `/healthz` (checked on start, when the device comes back online, and every 30 s). */
export function useConnection(healthUrl = '/healthz'): Connection {
  const [online, setOnline] = useState(() => navigator.onLine);
  const [serverUp, setServerUp] = useState(true);
  useEffect(() => {
    let cancelled = false;
    const update = () => {
      setOnline(navigator.onLine);
      if (navigator.onLine) void check();
    };
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    const check = (): Promise<unknown> =>
      fetch(healthUrl, { cache: 'no-store' })
        // Read the short body: an unread one leaves the request open and its connection held.
        .then(async (res) => takesEdits(res.status, await res.text()))
        .then(
          (ok) => !cancelled && setServerUp(ok),
          () => !cancelled && setServerUp(false),
        );
    void check();
    const timer = window.setInterval(() => void check(), 30_000);
    return () => {
      cancelled = true;
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      window.clearInterval(timer);
    };
  }, [healthUrl]);
  if (!online) return 'offline';
  return serverUp ? 'online' : 'server-unreachable';
}
