import { useEffect, useState, type ReactNode } from 'react';

/** How long a wait goes without a word: past the point a person notices a blank screen. */
export const QUIET_MS = 1000;

/**
 * A loading line shown only when the wait lasts: the local store usually opens well within
 * QUIET_MS, so the first paint is the screen itself rather than a placeholder that flashes and is
 * laid out, painted and replaced.
 */
export function QuietLoading({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(true), QUIET_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return shown ? <p className="loading">{children}</p> : null;
}
