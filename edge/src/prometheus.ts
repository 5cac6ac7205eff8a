import type { Registry } from 'prom-client';
import {
  createRequestTimer,
  createServiceRegistry,
  exposeCounter,
  type RequestTimer,
} from '@linkhub/shared/metrics/registry';
import type { EdgeRoute } from './dispatch/dispatch';
import type { EdgeMetrics } from './metrics';

/** What a request was, for rate and latency: a link's redirect, a QR code's scan, a bio page, or anything else. */
export const EDGE_ROUTE_CLASSES = ['redirect', 'qr', 'bio', 'other'] as const;
export type EdgeRouteClass = (typeof EDGE_ROUTE_CLASSES)[number];

/** The class of a dispatched route before it is served (a redirect's `qr` is known only once resolved). */
export function routeClassOf(route: EdgeRoute): EdgeRouteClass {
  if (route.kind === 'redirect') return 'redirect';
  return route.kind === 'bio' ? 'bio' : 'other';
}

export type EdgePrometheus = { registry: Registry; timeRequest: RequestTimer<EdgeRouteClass> };

/** The edge's in-process counters (edge/src/metrics.ts) as Prometheus counters, read when scraped. */
const EXPOSED: ReadonlyArray<[keyof EdgeMetrics, string, string]> = [
  [
    'cacheHits',
    'linkhub_edge_cache_hits_total',
    'Lookups answered from the cache (Redis or the in-process copy).',
  ],
  ['hotCacheHits', 'linkhub_edge_hot_cache_hits_total', 'Cache hits answered in process, without Redis.'],
  ['cacheMisses', 'linkhub_edge_cache_misses_total', 'Lookups the cache could not answer.'],
  ['missCached', 'linkhub_edge_miss_cached_total', 'Lookups answered by a cached "no such slug".'],
  ['filterAbsent', 'linkhub_edge_filter_absent_total', 'Misses the slug filter answered without a query.'],
  ['dbLookups', 'linkhub_edge_db_lookups_total', 'PostgreSQL lookups on the miss path.'],
  ['dbErrors', 'linkhub_edge_db_errors_total', 'PostgreSQL lookups that failed.'],
  ['redisErrors', 'linkhub_edge_redis_errors_total', 'Redis reads that failed.'],
  ['lastKnownServed', 'linkhub_edge_last_known_served_total', 'Answers from the in-process last-known copy.'],
  [
    'genericServed',
    'linkhub_edge_generic_served_total',
    'Generic pages served (nothing known about the slug).',
  ],
  [
    'writeThroughFailed',
    'linkhub_edge_write_through_failed_total',
    'Cache writes after a PostgreSQL lookup that failed.',
  ],
  ['captured', 'linkhub_edge_capture_sent_total', 'Analytics events sent to clicks:raw.'],
  ['captureFailed', 'linkhub_edge_capture_failed_total', 'Analytics XADDs rejected or failed.'],
  ['captureHeld', 'linkhub_edge_capture_held_total', 'Events held in memory while Redis was unavailable.'],
  [
    'captureOverflow',
    'linkhub_edge_capture_overflow_total',
    'Events lost because the outage buffer was full.',
  ],
  [
    'requestFailures',
    'linkhub_edge_request_failures_total',
    'Requests answered by their fallback after a throw.',
  ],
];

export function createEdgePrometheus(metrics: EdgeMetrics): EdgePrometheus {
  const registry = createServiceRegistry('edge');
  for (const [field, name, help] of EXPOSED) exposeCounter(registry, name, help, () => metrics[field]);
  return { registry, timeRequest: createRequestTimer(registry, EDGE_ROUTE_CLASSES) };
}
