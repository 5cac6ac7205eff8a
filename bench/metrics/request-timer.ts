import { createEdgePrometheus, type EdgeRouteClass } from '../../edge/src/prometheus';
import { createMetrics } from '../../edge/src/metrics';
import { median } from '../median';

/**
 * `npx tsx bench/metrics/request-timer.ts`: what the edge's request metrics add per request — one
 * `performance.now()` at the start and one histogram observe at the end (edge/src/server/edge-listener.ts)
 * — against the same loop without them, trials alternating in one process. A redirect costs tens of
 * microseconds of CPU (bench/redirect), so this is the figure to compare with that.
 */
const TRIALS = Number(process.env.BENCH_TRIALS ?? 9);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2_000_000);
const CLASSES: readonly EdgeRouteClass[] = ['redirect', 'redirect', 'redirect', 'qr', 'bio', 'other'];

const { timeRequest } = createEdgePrometheus(createMetrics());
let sink = 0;

function baseline(): number {
  const started = performance.now();
  for (let i = 0; i < ITERATIONS; i++) sink += CLASSES[i % CLASSES.length]?.length ?? 0;
  return ((performance.now() - started) * 1e6) / ITERATIONS;
}

function timed(): number {
  const started = performance.now();
  for (let i = 0; i < ITERATIONS; i++) {
    const requestStarted = performance.now();
    const routeClass = CLASSES[i % CLASSES.length] ?? 'other';
    sink += routeClass.length;
    timeRequest(routeClass, requestStarted);
  }
  return ((performance.now() - started) * 1e6) / ITERATIONS;
}

const plain: number[] = [];
const withMetrics: number[] = [];
for (let trial = 0; trial < TRIALS; trial++) {
  plain.push(baseline());
  withMetrics.push(timed());
}
const a = median(plain);
const b = median(withMetrics);
console.log(`request metrics cost, ${TRIALS} trials x ${ITERATIONS} requests (ns per request, median)`);
console.table([
  { variant: 'baseline (no metrics)', ns_per_request: a.toFixed(1) },
  { variant: 'clock read + histogram observe', ns_per_request: b.toFixed(1) },
  { variant: 'added', ns_per_request: (b - a).toFixed(1) },
]);
if (sink === -1) console.log(sink);
