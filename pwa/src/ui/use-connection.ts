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

/** How often `/healthz` is asked while the server answers. */
export const CHECK_EVERY_MS = 30_000;
const FIRST_RETRY_MS = 1_000;

/**
 * When to ask `/healthz` next: every 30 s while it answers; after a failed check soon (1 s, then
 * doubling up to 30 s), so an editor that is back online, or a server back up, says so within
 * seconds instead of showing "Offline" for up to half a minute while its changes already sync.
 */
export function nextCheckMs(ok: boolean, previousRetryMs: number | null): number {
  if (ok) return CHECK_EVERY_MS;
  return previousRetryMs === null ? FIRST_RETRY_MS : Math.min(previousRetryMs * 2, CHECK_EVERY_MS);
}

/** Whether the device is online and the sync-server answers `/healthz` (checked on start, when the device comes back online, and then as `nextCheckMs` says). */
export function useConnection(healthUrl = '/healthz'): Connection {
  const [online, setOnline] = useState(() => navigator.onLine);
  const [serverUp, setServerUp] = useState(true);
  useEffect(() => {
    let cancelled = false;
    let timer: number | undefined;
    let retryMs: number | null = null;
    const settle = (ok: boolean) => {
      if (cancelled) return;
      setServerUp(ok);
      const next = nextCheckMs(ok, retryMs);
      retryMs = ok ? null : next;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void check(), next);
    };
    const check = (): Promise<unknown> =>
      fetch(healthUrl, { cache: 'no-store' })
        // Read the short body: an unread one leaves the request open and its connection held.
        .then(async (res) => takesEdits(res.status, await res.text()))
        .then(settle, () => settle(false));
    const update = () => {
      setOnline(navigator.onLine);
      retryMs = null;
      if (navigator.onLine) void check();
    };
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    void check();
    return () => {
      cancelled = true;
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
      window.clearTimeout(timer);
    };
  }, [healthUrl]);
  if (!online) return 'offline';
  return serverUp ? 'online' : 'server-unreachable';
}
