import { useEffect, useState } from 'react';
import { platform } from '../platform/bridge';
import type { Rep } from '../replicache/create-rep';

/**
 * Local changes the server has not confirmed yet (also shown as the app badge / dock count); null
 * until first counted. Recounted the moment anything changes the local store (a mutation commits,
 * a pull rebases), when a push or pull ends and when Replicache's reachability flips, so an edit
 * made offline is counted at once, never after a poll.
 */
export function usePendingCount(rep: Rep): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    let stopped = false;
    let asked = 0;
    const recount = async () => {
      const ask = ++asked;
      const pending = await rep.experimentalPendingMutations();
      // Only the latest question's answer counts: an older one may finish later.
      if (stopped || ask !== asked) return;
      setCount(pending.length);
      void platform()
        .setUnsyncedCount(pending.length)
        .catch(() => undefined);
    };
    void recount();
    const stopWatch = rep.experimentalWatch(() => void recount());
    const previousSync = rep.onSync;
    const previousOnline = rep.onOnlineChange;
    rep.onSync = (syncing) => {
      previousSync?.(syncing);
      if (!syncing) void recount();
    };
    rep.onOnlineChange = (online) => {
      previousOnline?.(online);
      void recount();
    };
    return () => {
      stopped = true;
      stopWatch();
      rep.onSync = previousSync;
      rep.onOnlineChange = previousOnline;
    };
  }, [rep]);
  return count;
}
