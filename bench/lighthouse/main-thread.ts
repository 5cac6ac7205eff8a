/**
 * The page's main-thread work after first paint, from the CPU time of each task in a Lighthouse
 * trace (`tdur`) rather than its wall time: on a shared machine a task descheduled for 200 ms is
 * long by the clock but not by its own work, and that noise swamps the differences we measure.
 */
type TraceEvent = {
  name?: string;
  ph?: string;
  pid?: number;
  tid?: number;
  ts?: number;
  dur?: number;
  tdur?: number;
};

export type MainThreadWork = {
  /** CPU time of the main-thread tasks after first contentful paint, ms. */
  cpuMs: number;
  /** Lighthouse's blocking-time sum over the same tasks from their CPU time: Σ max(0, 4 × cpu − 50) ms. */
  cpuTbt: number;
};

const TASKS = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const SLOWDOWN = 4;

export function mainThreadWork(trace: { traceEvents: TraceEvent[] }): MainThreadWork {
  const events = trace.traceEvents;
  const fcp = events.filter((e) => e.name === 'firstContentfulPaint').at(-1);
  if (fcp?.ts === undefined) return { cpuMs: Number.NaN, cpuTbt: Number.NaN };
  const tasks = events
    .filter(
      (e) =>
        e.ph === 'X' &&
        TASKS.has(e.name ?? '') &&
        e.pid === fcp.pid &&
        e.tid === fcp.tid &&
        (e.ts ?? 0) + (e.dur ?? 0) > (fcp.ts ?? 0),
    )
    .sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
  let cpuMs = 0;
  let cpuTbt = 0;
  let end = 0;
  for (const task of tasks) {
    const start = task.ts ?? 0;
    // Only top-level tasks: a nested RunTask's time is already in its parent's.
    if (start < end) continue;
    end = start + (task.dur ?? 0);
    const cpu = (task.tdur ?? 0) / 1000;
    cpuMs += cpu;
    cpuTbt += Math.max(0, SLOWDOWN * cpu - 50);
  }
  return { cpuMs, cpuTbt };
}
