import { useEffect, useState } from 'react';
import { platform } from '../platform/bridge';
import type { Rep } from '../replicache/create-rep';

/** Local changes the server has not confirmed yet (also shown as the app badge / dock count). */
export function usePendingCount(rep: Rep): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      const pending = await rep.experimentalPendingMutations();
      if (stopped) return;
      setCount(pending.length);
      void platform().setUnsyncedCount(pending.length).catch(() => undefined);
    };
    void check();
    const timer = window.setInterval(() => void check(), 1000);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [rep]);
  return count;
}
