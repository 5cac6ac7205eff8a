import type { RedisOptions } from 'ioredis';
import { openRedis, type RedisClient } from '@linkhub/shared/server/redis/client';
import type { RedisRoleUrls } from '@linkhub/shared/config/redis-roles';

/**
 * The edge's two Redis connections, one per role (DECISIONS D-312; both URLs are REDIS_URL by default). Both fail fast while disconnected (no offline queue): the edge
 * degrades to PostgreSQL instead of waiting.
 * Either role may be a Redis Cluster (`redis+cluster://`, D-360).
 * - `redis`, the cache role, reads (MGETs of concurrent requests go out in one write per tick: auto-pipelining).
 * - `captureRedis`, the queue role (never evicts), takes capture's XADDs, the sign-ups' rate limit and
 *   jobs, the daily salts and ACME tokens; so a batch never queues in front of a redirect's read; no
 *   auto-pipelining there, since capture already sends one XADD per batch.
 */
const READ_OPTIONS: RedisOptions = {
  enableAutoPipelining: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 500,
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
};

const CAPTURE_OPTIONS: RedisOptions = {
  enableAutoPipelining: false,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  retryStrategy: READ_OPTIONS.retryStrategy,
};

export function openEdgeRedis(urls: string | RedisRoleUrls): {
  redis: RedisClient;
  captureRedis: RedisClient;
} {
  const { cache, queue } = typeof urls === 'string' ? { cache: urls, queue: urls } : urls;
  // An XADD that failed may have been appended: capture settles it itself (unsettled-batch.ts), so no
  // timeout (a timed-out XADD could still be appended after its retry) and no resend on a failover.
  const captureRedis = openRedis(queue, CAPTURE_OPTIONS, { resendOnFailover: false });
  captureRedis.on('error', () => undefined);
  return { redis: openRedis(cache, READ_OPTIONS), captureRedis };
}
