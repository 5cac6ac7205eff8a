import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { RateLimitError } from '@linkhub/shared/errors/app-error';
import { apiRequestsPerMinute } from '@linkhub/shared/entitlements/plans';
import { rateLimitKey } from '@linkhub/shared/cache/keys';
import type { AppEnv } from './app-env';
import type { AppDeps } from './app-deps';
import { workspacePlanReader } from './plan-reader';
import { requestNetwork } from './session-context';
import { actorOf, bearerToken } from './session';
import { hashApiKey, isApiKeyToken } from '../identity/api-key-token';
import { BoundedMemo } from '@linkhub/shared/cache/bounded-memo';

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

type Bucket = { key: string; limit: number };

/** A window hit that never rejects: Redis down is an answer too (the request then goes through). */
const attempt = (hit: Promise<WindowResult>): Promise<WindowResult | Error> =>
  hit.catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));

/**
 * Per-key limits from the workspace's plan (docs/product-rules.md#plans-and-billing), one global per-IP limit otherwise; every
 * answer carries RateLimit-Limit/Remaining/Reset, a refusal 429 rate_limited with Retry-After.
 * Redis down: the request goes through (Redis is never authoritative) and a warning is logged.
 * A key seen before is known by its token's digest, so its window is hit while its row is read.
 */
export function v1RateLimit(deps: AppDeps): MiddlewareHandler<AppEnv> {
  const planOf = workspacePlanReader(deps.pool);
  const seenKeys = new BoundedMemo<string, { apiKeyId: string; workspaceId: string }>(10_000);
  const keyBucket = async (apiKeyId: string, workspaceId: string): Promise<Bucket> => ({
    key: rateLimitKey(deps.config.REDIS_PREFIX, 'key', apiKeyId),
    limit: apiRequestsPerMinute(await planOf(workspaceId)),
  });
  return async (c, next) => {
    const token = bearerToken(c);
    const digest = token !== null && isApiKeyToken(token) ? hashApiKey(token) : null;
    const seen = digest === null ? undefined : seenKeys.get(digest);
    const early = seen ? await keyBucket(seen.apiKeyId, seen.workspaceId) : undefined;
    const earlyHit = early ? attempt(hitWindow(deps, early.key, early.limit)) : undefined;

    const actor = await actorOf(c, deps);
    let bucket: Bucket = {
      key: rateLimitKey(deps.config.REDIS_PREFIX, 'ip', ipBucket(requestNetwork(c, deps.accounts))),
      limit: UNAUTHENTICATED_PER_MINUTE,
    };
    if (actor?.kind === 'api_key') {
      bucket = await keyBucket(actor.apiKey.id, actor.apiKey.workspace_id);
      if (digest !== null)
        seenKeys.set(digest, { apiKeyId: actor.apiKey.id, workspaceId: actor.apiKey.workspace_id });
    }
    const sameBucket = early !== undefined && early.key === bucket.key && early.limit === bucket.limit;
    const hit =
      earlyHit && sameBucket ? await earlyHit : await attempt(hitWindow(deps, bucket.key, bucket.limit));
    if (hit instanceof Error) {
      deps.logger.warn({ err: { message: hit.message } }, 'rate limit unavailable');
      await next();
      return;
    }
    const { limit } = bucket;
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
