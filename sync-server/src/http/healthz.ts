import { Hono } from 'hono';
import { probe, type ProbeResult } from '@linkhub/shared/health/probe';
import { checkIngestHealth } from '@linkhub/shared/server/analytics/ingest-health';
import { evictionRefusal } from '@linkhub/shared/server/health/redis-policy';
import { takesEdits } from '@linkhub/shared/schemas/healthz';
import type { AppDeps } from './app-deps';
import type { AppEnv } from './app-env';

export type CheckResult = ProbeResult;
type IngestResult = CheckResult | 'stalled';
type QueueRedisResult = CheckResult | 'evicting';

/**
 * The dependencies this service cannot do its job without, each checked concurrently, and whether the
 * analytics ingest consumes what the edge captures (analytics shown in the editor go stale otherwise).
 */
export async function runHealthChecks(deps: Pick<AppDeps, 'pool' | 'redis' | 'config'>): Promise<{
  checks: {
    postgres: CheckResult;
    redis: CheckResult;
    queue_redis?: QueueRedisResult;
    ingest?: IngestResult;
  };
  ingestReason: string | null;
  queueRedisReason: string | null;
}> {
  let ingestReason: string | null = null;
  let queueRedisReason: string | null = null;
  const [postgres, redis, ingestReached, policyRead] = await Promise.all([
    probe(() => deps.pool.query('SELECT 1')),
    probe(async () => {
      if ((await deps.redis.ping()) !== 'PONG') throw new Error('unexpected PING reply');
    }),
    probe(async () => {
      const health = await checkIngestHealth(deps.redis, deps.config.REDIS_PREFIX);
      if (!health.ok) ingestReason = health.reason;
    }),
    probe(async () => {
      queueRedisReason = await evictionRefusal(deps.redis);
    }),
  ]);
  // With Redis unreachable nothing is known about the ingest: the redis check says it all.
  if (redis !== 'ok') return { checks: { postgres, redis }, ingestReason: null, queueRedisReason: null };
  const ingest: IngestResult =
    ingestReached !== 'ok' ? ingestReached : ingestReason === null ? 'ok' : 'stalled';
  // An evicting queue Redis loses jobs and pokes silently (DECISIONS D-312).
  const queue_redis: QueueRedisResult =
    policyRead !== 'ok' ? policyRead : queueRedisReason === null ? 'ok' : 'evicting';
  return { checks: { postgres, redis, queue_redis, ingest }, ingestReason, queueRedisReason };
}

/**
 * `GET /healthz`: 200 `{status: "ok", checks}` when PostgreSQL and Redis answer and the ingest keeps up;
 * otherwise 503 with the same `checks` and the error envelope naming what is missing and why.
 */
export function healthzRoutes(deps: AppDeps): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/healthz', async (c) => {
    const { checks, ingestReason, queueRedisReason } = await runHealthChecks(deps);
    const reasons: Record<string, string | null> = { ingest: ingestReason, queue_redis: queueRedisReason };
    const details = Object.entries(checks)
      .filter(([, result]) => result !== 'ok')
      .map(([name, result]) => ({
        field: name,
        issue: reasons[name] ?? result,
      }));
    c.header('Cache-Control', 'no-store');
    const takes_edits = takesEdits(checks);
    if (details.length === 0) return c.json({ status: 'ok', takes_edits, checks }, 200);
    return c.json(
      {
        status: 'unavailable',
        takes_edits,
        checks,
        error: {
          code: 'service_unavailable',
          message: `Not ready: ${details.map((d) => `${d.field} ${d.issue}`).join(', ')}.`,
          details,
          request_id: c.get('requestId'),
        },
      },
      503,
    );
  });
}
