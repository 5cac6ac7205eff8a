import { Hono } from 'hono';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../app-env';

const CHECK_TIMEOUT_MS = 1_500;

export type CheckResult = 'ok' | 'unreachable';

async function withTimeout(check: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckResult>((resolve) => {
    timer = setTimeout(() => resolve('unreachable'), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      check().then(
        (): CheckResult => 'ok',
        (): CheckResult => 'unreachable',
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The dependencies this service cannot do its job without, each checked concurrently. */
export async function runHealthChecks(
  deps: Pick<AppDeps, 'pool' | 'redis'>,
): Promise<Record<'postgres' | 'redis', CheckResult>> {
  const [postgres, redis] = await Promise.all([
    withTimeout(() => deps.pool.query('SELECT 1')),
    withTimeout(async () => {
      if ((await deps.redis.ping()) !== 'PONG') throw new Error('unexpected PING reply');
    }),
  ]);
  return { postgres, redis };
}

/**
 * `GET /healthz`: 200 `{status: "ok", checks}` when PostgreSQL and Redis answer; otherwise 503 with
 * the same `checks` and the error envelope naming what is missing.
 */
export function healthzRoutes(deps: AppDeps): Hono<AppEnv> {
  return new Hono<AppEnv>().get('/healthz', async (c) => {
    const checks = await runHealthChecks(deps);
    const missing = Object.entries(checks)
      .filter(([, result]) => result !== 'ok')
      .map(([name]) => name);
    c.header('Cache-Control', 'no-store');
    if (missing.length === 0) return c.json({ status: 'ok', checks }, 200);
    return c.json(
      {
        status: 'unavailable',
        checks,
        error: {
          code: 'service_unavailable',
          message: `Not ready: ${missing.join(' and ')} unreachable.`,
          details: missing.map((name) => ({ field: name, issue: 'unreachable' })),
          request_id: c.get('requestId'),
        },
      },
      503,
    );
  });
}
