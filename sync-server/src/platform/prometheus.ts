import type { MiddlewareHandler } from 'hono';
import type { Registry } from 'prom-client';
import {
  createRequestTimer,
  createServiceRegistry,
  type RequestTimer,
} from '@linkhub/shared/metrics/registry';

/** The sync-server's route classes: the REST API, the editor's API, Replicache's three doors, the PWA, the rest. */
export const SYNC_ROUTE_CLASSES = ['v1', 'api', 'push', 'pull', 'poke', 'app', 'other'] as const;
export type SyncRouteClass = (typeof SYNC_ROUTE_CLASSES)[number];

export function syncRouteClassOf(method: string, path: string): SyncRouteClass {
  if (path === '/v1' || path.startsWith('/v1/')) return 'v1';
  if (path.startsWith('/api/')) return 'api';
  if (path === '/replicache/push') return 'push';
  if (path === '/replicache/pull') return 'pull';
  if (path === '/replicache/poke') return 'poke';
  if ((method === 'GET' || method === 'HEAD') && !path.startsWith('/webhooks/') && path !== '/healthz')
    return 'app';
  return 'other';
}

export type SyncPrometheus = { registry: Registry; timeRequest: RequestTimer<SyncRouteClass> };

export function createSyncPrometheus(): SyncPrometheus {
  const registry = createServiceRegistry('sync-server');
  return { registry, timeRequest: createRequestTimer(registry, SYNC_ROUTE_CLASSES) };
}

/**
 * Times every request by route class (push and pull rates are the `_count` of theirs). A poke is
 * timed until its event stream is opened, not for the connection's life.
 */
export function requestMetrics(prometheus: SyncPrometheus): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      prometheus.timeRequest(syncRouteClassOf(c.req.method, c.req.path), started);
    }
  };
}
