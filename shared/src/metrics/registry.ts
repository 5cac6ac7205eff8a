import { collectDefaultMetrics, Counter, Registry } from 'prom-client';
import { BucketHistogram } from './bucket-histogram';

/**
 * One Prometheus registry per service (server-only: never imported by the PWA). Each carries the
 * process defaults (CPU, memory, event-loop lag, GC) labelled with the service's name.
 */
export function createServiceRegistry(service: 'edge' | 'sync-server' | 'worker'): Registry {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  return registry;
}

/** Seconds: from a cache hit (~1 ms) to a slow PostgreSQL miss or a large push. */
export const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Observes one request's duration under its route class; its `_count` is the request rate. */
export type RequestTimer<C extends string> = (routeClass: C, startedMs: number) => void;

/**
 * `linkhub_http_request_duration_seconds{route_class}`: one histogram of plain counters per route
 * class (BucketHistogram), so a request costs one `performance.now()` and a few array writes.
 */
export function createRequestTimer<C extends string>(
  registry: Registry,
  classes: readonly C[],
): RequestTimer<C> {
  const histogram = new BucketHistogram({
    name: 'linkhub_http_request_duration_seconds',
    help: 'Requests served, by route class: duration in seconds (its _count is the request count).',
    label: 'route_class',
    values: classes,
    buckets: LATENCY_BUCKETS,
    registry,
  });
  const indexOf = new Map<C, number>(classes.map((routeClass, index) => [routeClass, index]));
  return (routeClass, startedMs) => {
    histogram.observeAt(indexOf.get(routeClass) ?? -1, (performance.now() - startedMs) / 1000);
  };
}

/**
 * A counter whose value is read, at scrape time, from a count the service already keeps (the
 * edge's in-process counters): nothing is counted twice and the hot path is untouched.
 */
export function exposeCounter(registry: Registry, name: string, help: string, read: () => number): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(read());
    },
  });
}

/** The exposition text and its content type, for whichever HTTP layer serves `/metrics`. */
export async function renderMetrics(registry: Registry): Promise<{ body: string; contentType: string }> {
  return { body: await registry.metrics(), contentType: registry.contentType };
}
