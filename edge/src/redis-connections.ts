import { Redis, type RedisOptions } from 'ioredis';

/**
 * The edge's two Redis connections. Both fail fast while disconnected (no offline queue): the edge
 * degrades to PostgreSQL instead of waiting.
 * - `redis` reads (MGETs of concurrent requests go out in one write per tick: auto-pipelining).
 * - `captureRedis` takes capture's XADDs, so a batch never queues in front of a redirect's read; no
 *   auto-pipelining there, since capture already sends one XADD per batch.
 */
const READ_OPTIONS: RedisOptions = {
  enableAutoPipelining: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: 500,
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
};

export function openEdgeRedis(url: string): { redis: Redis; captureRedis: Redis } {
  const captureRedis = new Redis(url, { ...READ_OPTIONS, enableAutoPipelining: false });
  captureRedis.on('error', () => undefined);
  return { redis: new Redis(url, READ_OPTIONS), captureRedis };
}
