import { useEffect, useState } from 'react';

export type Connection = 'online' | 'offline' | 'server-unreachable';

/** Whether the device is online and the sync-server answers `/healthz` (checked on start and every 30 s). */
export function useConnection(healthUrl = '/healthz'): Connection {
  const [online, setOnline] = useState(() => navigator.onLine);
  const [serverUp, setServerUp] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    let cancelled = false;
    const check = () =>
      fetch(healthUrl, { cache: 'no-store' }).then(
        (res) => !cancelled && setServerUp(res.ok),
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
