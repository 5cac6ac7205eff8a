import type { Child } from './children';

export type Backoff = {
  /** The wait before the first restart, ms (doubling after each crash). */
  initialMs: number;
  /** The longest wait, ms. */
  maxMs: number;
  /** A run this long counts as healthy: the next crash waits initialMs again. */
  resetAfterMs: number;
};

/** 0.5 s doubling to 10 s; back to 0.5 s after 30 s up. */
export const DEFAULT_BACKOFF: Backoff = { initialMs: 500, maxMs: 10_000, resetAfterMs: 30_000 };

export type Supervised = {
  readonly name: string;
  /** The child running now (a new one after each restart). */
  current: () => Child;
  /** How often it was restarted after a crash. */
  restarts: () => number;
  /** Resolves with the next child started after a crash. */
  nextStart: () => Promise<Child>;
  /** Stops it for good (no restart after this exit). */
  stop: (graceMs?: number) => Promise<void>;
};

/** The wait before restart number `crashesInARow` (1 = the first crash after a healthy run). */
export function backoffDelay(crashesInARow: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, crashesInARow - 1));
}

/**
 * Keeps one service running: whenever its process exits without stop() it is started again after
 * a backoff, and the crash and the restart are printed through `say`. The other services are not
 * touched (each has its own supervisor).
 */
export function supervise(
  name: string,
  start: () => Child,
  say: (line: string) => void,
  backoff: Backoff = DEFAULT_BACKOFF,
): Supervised {
  let child = start();
  let startedAt = Date.now();
  let stopped = false;
  let restarts = 0;
  let crashesInARow = 0;
  let pending: NodeJS.Timeout | undefined;
  let waiters: Array<(child: Child) => void> = [];

  const watch = (running: Child) => {
    void running.exited.then((code) => {
      if (stopped) return;
      const upMs = Date.now() - startedAt;
      crashesInARow = upMs >= backoff.resetAfterMs ? 1 : crashesInARow + 1;
      const delay = backoffDelay(crashesInARow, backoff);
      const how = code === null ? 'was killed by a signal' : `exited with code ${code}`;
      say(`${name} ${how} after ${(upMs / 1000).toFixed(1)} s; restarting in ${(delay / 1000).toFixed(1)} s`);
      pending = setTimeout(() => {
        pending = undefined;
        if (stopped) return;
        restarts += 1;
        child = start();
        startedAt = Date.now();
        say(`${name} restarted (restart ${restarts})`);
        const ready = waiters;
        waiters = [];
        for (const resolve of ready) resolve(child);
        watch(child);
      }, delay);
    });
  };
  watch(child);

  return {
    name,
    current: () => child,
    restarts: () => restarts,
    nextStart: () => new Promise<Child>((resolve) => waiters.push(resolve)),
    stop: async (graceMs) => {
      stopped = true;
      clearTimeout(pending);
      await child.stop(graceMs);
    },
  };
}
