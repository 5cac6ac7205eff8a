import { envFields } from './env';

/**
 * The two Redis roles (spec §4.10.6, DECISIONS D-312): the cache may evict (allkeys-lru); the queue
 * database holds the click stream, BullMQ, pub/sub, salts and rate limits and must never evict.
 * Both default to REDIS_URL, so one Redis still runs everything in development.
 */
export const redisRolesEnvShape = {
  REDIS_URL: envFields.url(['redis', 'rediss']).default('redis://127.0.0.1:6379'),
  /** Redirect, page and domain cache keys (written through by the sync-server and worker, read by the edge). */
  CACHE_REDIS_URL: envFields.url(['redis', 'rediss']).optional(),
  /** `clicks:raw`, BullMQ queues, pokes and certificate pub/sub, daily salts, rate limits, sessions. */
  QUEUE_REDIS_URL: envFields.url(['redis', 'rediss']).optional(),
} as const;

export type RedisRoleEnv = { REDIS_URL: string; CACHE_REDIS_URL?: string; QUEUE_REDIS_URL?: string };

export type RedisRoleUrls = { readonly cache: string; readonly queue: string };

export function redisRoleUrls(env: RedisRoleEnv): RedisRoleUrls {
  return { cache: env.CACHE_REDIS_URL ?? env.REDIS_URL, queue: env.QUEUE_REDIS_URL ?? env.REDIS_URL };
}
