import { useEffect, useRef, type RefObject } from 'react';

/**
 * True while the component is mounted, for async loops (polling) that must stop on unmount.
 * StrictMode (the dev server) mounts, unmounts and mounts again: the effect sets `true` on every
 * mount, so the second mount is alive again (a ref that only the cleanup writes stays false and
 * stops a poll at once).
 */
export function useAliveRef(): RefObject<boolean> {
  const alive = useRef(false);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  return alive;
}
