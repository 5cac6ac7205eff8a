import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { RateLimitError } from '@linkhub/shared/errors/app-error';
import { apiRequestsPerMinute } from '@linkhub/shared/entitlements/plans';
import { rateLimitKey } from '@linkhub/shared/cache/keys';
import type { AppEnv } from '../app-env';
import type { AppDeps } from '../deps';
import { workspacePlanReader } from './plan-reader';
import { requestIp } from '../accounts/http';
import { actorOf } from '../middleware/session';

export const WINDOW_MS = 60_000;
/** Requests per minute per client IP for calls without a valid API key (401s, probes). */
export const UNAUTHENTICATED_PER_MINUTE = 120;

/**
 * Sliding-window log in one sorted set per bucket: drop entries older than the window, count, admit
 * (add this request) when under the limit. Returns [admitted, count, ms until the oldest entry leaves].
 */
const SLIDING_WINDOW = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local count = redis.call('ZCARD', key)
local admitted = 0
if count < limit then
  redis.call('ZADD', key, now, ARGV[4])
  count = count + 1
  admitted = 1
end
redis.call('PEXPIRE', key, window)
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local reset = window
if oldest[2] then reset = tonumber(oldest[2]) + window - now end
return {admitted, count, reset}
`;

export type WindowResult = { admitted: boolean; count: number; resetMs: number };

export async function hitWindow(
  deps: AppDeps,
  key: string,
  limit: number,
  now = Date.now(),
): Promise<WindowResult> {
  const member = `${now}-${Math.random().toString(36).slice(2, 10)}`;
  const result: unknown = await deps.redis.eval(SLIDING_WINDOW, 1, key, now, WINDOW_MS, limit, member);
  const [admitted, count, reset] = Array.isArray(result) ? result.map(Number) : [1, 0, WINDOW_MS];
  return { admitted: admitted === 1, count: count ?? 0, resetMs: Math.max(0, reset ?? WINDOW_MS) };
}

/** The client IP is only ever used hashed (never stored, never logged). */
function ipBucket(ip: string): string {
  return createHash('sha256').update(`linkhub-rl:${ip}`).digest('base64url').slice(0, 22);
}

/**
 * Per-key limits from the workspace's plan (DESIGN §4), one global per-IP limit otherwise; every
 * answer carries RateLimit-Limit/Remaining/Reset, a refusal 429 rate_limited with Retry-After.
 * Redis down: the request goes through (Redis is never authoritative) and a warning is logged.
 */
export function v1RateLimit(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const planOf = workspacePlanReader(deps.pool);
  return async (c, next) => {
    const actor = await actorOf(c, deps);
    let limit = UNAUTHENTICATED_PER_MINUTE;
    let key = rateLimitKey(deps.config.REDIS_PREFIX, 'ip', ipBucket(requestIp(c, deps.accounts)));
    if (actor?.kind === 'api_key') {
      limit = apiRequestsPerMinute(await planOf(actor.apiKey.workspace_id));
      key = rateLimitKey(deps.config.REDIS_PREFIX, 'key', actor.apiKey.id);
    }
    let hit: WindowResult;
    try {
      hit = await hitWindow(deps, key, limit);
    } catch (error) {
      deps.logger.warn(
        { err: { message: error instanceof Error ? error.message : String(error) } },
        'rate limit unavailable',
      );
      await next();
      return;
    }
    const resetSeconds = Math.max(1, Math.ceil(hit.resetMs / 1000));
    c.header('RateLimit-Limit', String(limit));
    c.header('RateLimit-Remaining', String(Math.max(0, limit - hit.count)));
    c.header('RateLimit-Reset', String(resetSeconds));
    if (!hit.admitted)
      throw new RateLimitError(resetSeconds, {
        details: [{ field: 'Authorization', issue: 'rate_limited', limit, window_seconds: WINDOW_MS / 1000 }],
      });
    await next();
  };
}
