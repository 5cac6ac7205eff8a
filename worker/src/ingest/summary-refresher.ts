/**
 * Refreshes the summaries of the resources ingest batches touched, off the batch's critical path:
 * one refresh at a time, the ids of batches handled meanwhile coalesced into the next, and at most
 * one refresh per `minIntervalMs` (under a backlog every batch touches the same resources, and a
 * refresh per batch cost more PostgreSQL time than the batch writes). `flush` runs what is queued
 * now, without waiting for the interval.
 */
export function createSummaryRefresher(
  refresh: (resourceIds: string[]) => Promise<void>,
  minIntervalMs: number,
) {
  const pending = new Set<string>();
  let running: Promise<void> | null = null;
  let lastStart = Number.NEGATIVE_INFINITY;
  let hurry = false;
  let wake: (() => void) | null = null;

  const untilDue = () =>
    new Promise<void>((resolve) => {
      const delay = lastStart + minIntervalMs - Date.now();
      if (hurry || delay <= 0) {
        resolve();
        return;
      }
      const done = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      const timer = setTimeout(done, delay);
      wake = done;
    });

  return {
    queue(resourceIds: readonly string[]): void {
      for (const id of resourceIds) pending.add(id);
      if (running) return;
      running = (async () => {
        while (pending.size > 0) {
          await untilDue();
          const batch = [...pending];
          pending.clear();
          lastStart = Date.now();
          await refresh(batch);
        }
      })().finally(() => {
        running = null;
        hurry = false;
      });
    },
    async flush(): Promise<void> {
      hurry = true;
      wake?.();
      while (running) await running;
      hurry = false;
    },
  };
}
