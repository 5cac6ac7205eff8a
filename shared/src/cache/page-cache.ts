import type { Redis } from 'ioredis';
import { pageKey, PAGE_TTL_SECONDS } from './keys';

/**
 * `page:{host}:{handle}`: the published bio page snapshot the edge renders (spec §4.4.2). The edge
 * fills it on a miss; publish, unpublish, theme change and handle change purge it (call after commit).
 */
export async function writePageSnapshot(redis: Redis, prefix: string, host: string, handle: string, snapshot: unknown): Promise<void> {
  await redis.set(pageKey(prefix, host, handle), JSON.stringify(snapshot), 'EX', PAGE_TTL_SECONDS);
}

export async function purgePageSnapshot(redis: Redis, prefix: string, host: string, handle: string): Promise<void> {
  await redis.del(pageKey(prefix, host, handle));
}
