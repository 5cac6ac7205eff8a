import type { Context } from 'hono';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { checkIngestHealth } from '@linkhub/shared/server/analytics/ingest-health';
import { evictionRefusal } from '@linkhub/shared/server/health/redis-policy';
import type { PgLookup } from '../lookup/pg-lookup';

/**
 * `GET /healthz`: Redis and PostgreSQL reported separately. 200 while the edge can serve from at
 * least one of them (each alone is enough, docs/product-rules.md#the-redirect); 503 naming both when neither answers
 * (QR codes still resolve from the in-process copy, but this instance should leave the pool).
 * A stalled analytics ingest (shared/src/server/analytics/ingest-health.ts) is reported as `ingest` with its
 * reason and makes the status `degraded`, still 200: redirects do not depend on it, and taking every
 * edge out of the pool for it would break every printed QR code.
 * A queue Redis whose `maxmemory-policy` can evict is a deployment error that loses clicks and
 * sign-ups silently: `queue_redis` names the policy and the answer is 503 (DECISIONS D-312).
 * It is public (every edge host answers it): it says ok/degraded/503 and what is missing, never the
 * operating counters, which the private Prometheus listener serves on /metrics (DECISIONS D-391).
 */
export type HealthDeps = {
  /** The cache role. */
  redis: RedisClient;
  /** The queue role (the stream, jobs); default `redis`. */
  queueRedis?: RedisClient;
  redisPrefix: string;
  pg: PgLookup;
  timeoutMs?: number;
};

async function probe(check: () => Promise<unknown>, timeoutMs: number): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), timeoutMs);
  });
  try {
    return await Promise.race([check().then(() => 'up' as const), timeout]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export type HealthCheck = (c: Context) => Promise<Response>;

export function createHealthCheck(deps: HealthDeps): HealthCheck {
  const timeoutMs = deps.timeoutMs ?? 1000;
  return async (c) => {
    let ingest = 'ok';
    let queuePolicy: string | null = null;
    const queueRedis = deps.queueRedis ?? deps.redis;
    const [redis, queue, postgres] = await Promise.all([
      deps.redis.status === 'ready'
        ? probe(() => deps.redis.ping(), timeoutMs)
        : Promise.resolve('down' as const),
      queueRedis.status === 'ready'
        ? probe(async () => {
            const [health, refusal] = await Promise.all([
              checkIngestHealth(queueRedis, deps.redisPrefix),
              evictionRefusal(queueRedis),
            ]);
            if (!health.ok) ingest = health.reason;
            queuePolicy = refusal;
          }, timeoutMs)
        : Promise.resolve('down' as const),
      probe(() => deps.pg.ping(), timeoutMs),
    ]);
    const evicting = queue === 'up' && queuePolicy !== null;
    const canServe = (redis === 'up' || postgres === 'up') && !evicting;
    const missing = [
      redis === 'down' ? 'redis' : null,
      queueRedis !== deps.redis && queue === 'down' ? 'queue_redis' : null,
      evicting ? 'queue_redis' : null,
      postgres === 'down' ? 'postgres' : null,
      queue === 'up' && ingest !== 'ok' ? 'ingest' : null,
    ].filter((m): m is string => m !== null);
    return c.json(
      {
        status: missing.length === 0 ? 'ok' : canServe ? 'degraded' : 'unavailable',
        redis,
        postgres,
        ...(queue === 'up' ? { ingest, queue_redis: queuePolicy ?? 'ok' } : {}),
        missing,
      },
      canServe ? 200 : 503,
      { 'Cache-Control': 'no-store' },
    );
  };
}
