import { Histogram, Registry } from 'prom-client';
import { createEdgePrometheus, EDGE_ROUTE_CLASSES, type EdgeRouteClass } from '../../edge/src/prometheus';
import { LATENCY_BUCKETS } from '@linkhub/shared/metrics/registry';
import { createMetrics } from '../../edge/src/metrics';
import { median } from '../median';

/**
 * `npx tsx bench/metrics/request-timer.ts`: what the edge's request metrics add per request — one
 * `performance.now()` at the start and one histogram observe at the end (edge/src/server/edge-listener.ts)
 * — against the same loop without them, trials alternating in one process. A redirect costs tens of
 * microseconds of CPU (bench/redirect), so this is the figure to compare with that. Beside it, the
 * same loop observing into prom-client's own Histogram (bound children), what the edge used before
 * the plain bucket counters (shared/src/metrics/bucket-histogram.ts).
 */
const TRIALS = Number(process.env.BENCH_TRIALS ?? 9);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2_000_000);
const CLASSES: readonly EdgeRouteClass[] = ['redirect', 'redirect', 'redirect', 'qr', 'bio', 'other'];

const { timeRequest } = createEdgePrometheus(createMetrics());
const library = new Histogram({
  name: 'bench_request_duration_seconds',
  help: 'prom-client for comparison',
  labelNames: ['route_class'],
  buckets: LATENCY_BUCKETS,
  registers: [new Registry()],
});
const children = new Map(EDGE_ROUTE_CLASSES.map((c) => [c, library.labels(c)]));
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

function timedByLibrary(): number {
  const started = performance.now();
  for (let i = 0; i < ITERATIONS; i++) {
    const requestStarted = performance.now();
    const routeClass = CLASSES[i % CLASSES.length] ?? 'other';
    sink += routeClass.length;
    children.get(routeClass)?.observe((performance.now() - requestStarted) / 1000);
  }
  return ((performance.now() - started) * 1e6) / ITERATIONS;
}

const plain: number[] = [];
const withMetrics: number[] = [];
const withLibrary: number[] = [];
for (let trial = 0; trial < TRIALS; trial++) {
  plain.push(baseline());
  withMetrics.push(timed());
  withLibrary.push(timedByLibrary());
}
const a = median(plain);
const b = median(withMetrics);
const c = median(withLibrary);
console.log(`request metrics cost, ${TRIALS} trials x ${ITERATIONS} requests (ns per request, median)`);
console.table([
  { variant: 'baseline (no metrics)', ns_per_request: a.toFixed(1) },
  { variant: 'clock read + histogram observe', ns_per_request: b.toFixed(1) },
  { variant: 'added', ns_per_request: (b - a).toFixed(1) },
  { variant: 'clock read + prom-client Histogram observe', ns_per_request: c.toFixed(1) },
  { variant: 'added by prom-client', ns_per_request: (c - a).toFixed(1) },
]);
if (sink === -1) console.log(sink);
