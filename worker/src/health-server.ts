import http from 'node:http';
import { probe } from '@linkhub/shared/health/probe';
import { randomBytes } from 'node:crypto';
import { checkIngestHealth } from '@linkhub/shared/server/analytics/ingest-health';
import { evictionRefusal } from '@linkhub/shared/server/health/redis-policy';
import { renderMetrics } from '@linkhub/shared/metrics/registry';
import type { Registry } from 'prom-client';
import type { WorkerDeps } from './deps';
import type { WorkerRuntime } from './runtime';

type HealthDeps = Pick<WorkerDeps, 'pool' | 'redis'> & { config: Pick<WorkerDeps['config'], 'REDIS_PREFIX'> };

/** The ingest's state: 'ok', or why it is not consuming (its message goes into the 503's details). */
async function ingestCheck(deps: HealthDeps): Promise<{ result: string; reason: string | null }> {
  let reason: string | null = null;
  const result = await probe(async () => {
    const health = await checkIngestHealth(deps.redis, deps.config.REDIS_PREFIX);
    if (!health.ok) reason = health.reason;
  });
  if (result !== 'ok') return { result, reason: null };
  return reason === null ? { result: 'ok', reason: null } : { result: 'stalled', reason };
}

/** The queue Redis' eviction policy: 'ok', or 'evicting' with the reason (DECISIONS D-312). */
async function queuePolicyCheck(deps: HealthDeps): Promise<{ result: string; reason: string | null }> {
  let reason: string | null = null;
  const result = await probe(async () => {
    reason = await evictionRefusal(deps.redis);
  });
  if (result !== 'ok') return { result, reason: null };
  return reason === null ? { result: 'ok', reason: null } : { result: 'evicting', reason };
}

export async function workerHealth(deps: HealthDeps, runtime: Pick<WorkerRuntime, 'isRunning' | 'queues'>) {
  const [postgres, redis, ingest, queuePolicy] = await Promise.all([
    probe(() => deps.pool.query('SELECT 1')),
    probe(async () => {
      if ((await deps.redis.ping()) !== 'PONG') throw new Error('unexpected PING reply');
    }),
    ingestCheck(deps),
    queuePolicyCheck(deps),
  ]);
  const workers = runtime.isRunning() ? 'ok' : 'stopped';
  // With Redis unreachable nothing is known about the ingest: the redis check says it all.
  const checks =
    redis === 'ok'
      ? { postgres, redis, queue_redis: queuePolicy.result, workers, ingest: ingest.result }
      : { postgres, redis, workers };
  const reasons: Record<string, string | null> = { ingest: ingest.reason, queue_redis: queuePolicy.reason };
  const missing = Object.entries(checks)
    .filter(([, value]) => value !== 'ok')
    .map(([name, value]) => ({
      field: name,
      issue: reasons[name] ?? value,
    }));
  return { ok: missing.length === 0, checks, missing, queues: runtime.queues };
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * The worker's only HTTP surface: `GET /healthz` (200 or 503 naming what is missing) and, given a
 * registry, `GET /metrics` (Prometheus); anything else a 404 envelope.
 */
export function createHealthServer(
  deps: HealthDeps,
  runtime: Pick<WorkerRuntime, 'isRunning' | 'queues'>,
  metrics?: Registry,
): http.Server {
  return http.createServer((req, res) => {
    const requestId = `req_${randomBytes(12).toString('base64url')}`;
    res.setHeader('X-Request-Id', requestId);
    const path = new URL(req.url ?? '/', 'http://worker').pathname;
    if (req.method === 'GET' && path === '/metrics' && metrics !== undefined) {
      renderMetrics(metrics).then(
        ({ body, contentType }) => {
          res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
          res.end(body);
        },
        () =>
          send(res, 500, {
            error: {
              code: 'internal_error',
              message: 'Metrics unavailable.',
              details: [],
              request_id: requestId,
            },
          }),
      );
      return;
    }
    if (req.method !== 'GET' || path !== '/healthz') {
      send(res, 404, {
        error: {
          code: 'not_found',
          message: `No route for ${req.method ?? 'GET'} ${path}.`,
          details: [{ field: 'path', issue: 'unknown_route' }],
          request_id: requestId,
        },
      });
      return;
    }
    workerHealth(deps, runtime).then(
      (health) => {
        if (health.ok) return send(res, 200, { status: 'ok', checks: health.checks, queues: health.queues });
        send(res, 503, {
          status: 'unavailable',
          checks: health.checks,
          queues: health.queues,
          error: {
            code: 'service_unavailable',
            message: `Not ready: ${health.missing.map((m) => `${m.field} ${m.issue}`).join(', ')}.`,
            details: health.missing,
            request_id: requestId,
          },
        });
      },
      () =>
        send(res, 500, {
          error: {
            code: 'internal_error',
            message: 'Something went wrong on our side.',
            details: [],
            request_id: requestId,
          },
        }),
    );
  });
}
