import type { RedisClient } from '../redis/client';
import { pageKey, PAGE_TTL_SECONDS, rootPageKey } from '../../cache/keys';

/**
 * `page:{host}:{handle}` and `page:{host}:/`: the published bio page snapshots the edge renders
 * (docs/product-rules.md#redirect-cache). The edge fills them on a miss; the sync commands rewrite them after publish and
 * purge them on unpublish, archive, handle change and domain removal (call after commit).
 */
export async function writePageSnapshot(
  redis: RedisClient,
  prefix: string,
  host: string,
  handle: string,
  snapshot: unknown,
): Promise<void> {
  await redis.set(pageKey(prefix, host, handle), JSON.stringify(snapshot), 'EX', PAGE_TTL_SECONDS);
}

export async function purgePageSnapshot(
  redis: RedisClient,
  prefix: string,
  host: string,
  handle: string,
): Promise<void> {
  await redis.del(pageKey(prefix, host, handle));
}

export async function writeRootPageSnapshot(
  redis: RedisClient,
  prefix: string,
  host: string,
  snapshot: unknown,
): Promise<void> {
  await redis.set(rootPageKey(prefix, host), JSON.stringify(snapshot), 'EX', PAGE_TTL_SECONDS);
}

export async function purgeRootPageSnapshot(redis: RedisClient, prefix: string, host: string): Promise<void> {
  await redis.del(rootPageKey(prefix, host));
}
