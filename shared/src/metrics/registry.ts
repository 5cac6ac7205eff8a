import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

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
 * `linkhub_http_request_duration_seconds{route_class}`: one histogram, its children bound up front,
 * so a request costs one `performance.now()` and one observe (no label lookup, no allocation).
 */
export function createRequestTimer<C extends string>(
  registry: Registry,
  classes: readonly C[],
): RequestTimer<C> {
  const histogram = new Histogram({
    name: 'linkhub_http_request_duration_seconds',
    help: 'Requests served, by route class: duration in seconds (its _count is the request count).',
    labelNames: ['route_class'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const children = new Map<C, { observe: (value: number) => void }>();
  for (const routeClass of classes) children.set(routeClass, histogram.labels(routeClass));
  return (routeClass, startedMs) => {
    children.get(routeClass)?.observe((performance.now() - startedMs) / 1000);
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
