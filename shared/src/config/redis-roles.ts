import { z } from 'zod';
import { envFields } from './env';
import { isClusterUrl, parseClusterUrl } from '../redis/cluster-url';

const SINGLE_REDIS_URL = envFields.url(['redis', 'rediss']);
const REDIS_URL_MESSAGE = 'must be a URL (redis, rediss) or redis+cluster://host:port[,host:port…]';

/** A single Redis (`redis://`, `rediss://`) or a Redis Cluster's seed nodes (`redis+cluster://h:p,h:p`, D-360). */
function redisUrl() {
  return z
    .string()
    .refine(
      (value) =>
        isClusterUrl(value) ? parseClusterUrl(value) !== null : SINGLE_REDIS_URL.safeParse(value).success,
      { message: REDIS_URL_MESSAGE },
    );
}

/**
 * The two Redis roles (docs/product-rules.md#scale-out, DECISIONS D-312): the cache may evict (allkeys-lru); the queue
 * database holds the click stream, BullMQ, pub/sub, salts and rate limits and must never evict.
 * Both default to REDIS_URL, so one Redis still runs everything in development. Each may be a Redis
 * Cluster (`redis+cluster://host:port,host:port`, D-360).
 */
export const redisRolesEnvShape = {
  REDIS_URL: redisUrl().default('redis://127.0.0.1:6379'),
  /** Redirect, page and domain cache keys (written through by the sync-server and worker, read by the edge). */
  CACHE_REDIS_URL: redisUrl().optional(),
  /** `clicks:raw`, BullMQ queues, pokes and certificate pub/sub, daily salts, rate limits, sessions. */
  QUEUE_REDIS_URL: redisUrl().optional(),
} as const;

export type RedisRoleEnv = { REDIS_URL: string; CACHE_REDIS_URL?: string; QUEUE_REDIS_URL?: string };

export type RedisRoleUrls = { readonly cache: string; readonly queue: string };

export function redisRoleUrls(env: RedisRoleEnv): RedisRoleUrls {
  return { cache: env.CACHE_REDIS_URL ?? env.REDIS_URL, queue: env.QUEUE_REDIS_URL ?? env.REDIS_URL };
}
