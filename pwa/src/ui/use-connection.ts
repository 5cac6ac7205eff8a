import { createContext, useContext, useEffect, useState } from 'react';

export type Connection = 'online' | 'offline' | 'server-unreachable';

/** The shell checks the connection once (useConnection) and shares it here. */
export const ConnectionContext = createContext<Connection>('online');
export const useConnectionState = (): Connection => useContext(ConnectionContext);

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
        .then(async (res) => {
          await res.arrayBuffer();
          return res.ok;
        })
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
