import type { Redis } from 'ioredis';
import { domainHostKey, redirectKey, redirectMissKey } from '@linkhub/shared/cache/keys';
import type { HotCache } from './hot-cache';

/** The one Redis round trip of a redirect: `dom:host:`, `rd:`, `rd:miss:` in one MGET (one hash slot). */
export type CacheRead = {
  domainRaw: string | null;
  payloadRaw: string | null;
  missCached: boolean;
  fromHotCache: boolean;
};

function toRead(
  [domainRaw = null, payloadRaw = null, miss = null]: ReadonlyArray<string | null>,
  fromHotCache: boolean,
): CacheRead {
  return { domainRaw, payloadRaw, missCached: miss !== null, fromHotCache };
}

/**
 * The three keys from the in-process hot cache when it holds them all (no I/O), else from Redis
 * (remembered for the next request). Null when Redis cannot answer (not connected, or the command
 * failed): the caller degrades to PostgreSQL.
 */
export async function readRedirectCache(
  redis: Redis,
  prefix: string,
  host: string,
  slug: string,
  hot?: HotCache,
): Promise<CacheRead | null> {
  const keys = [
    domainHostKey(prefix, host),
    redirectKey(prefix, host, slug),
    redirectMissKey(prefix, host, slug),
  ];
  if (hot?.active) {
    await hot.settled();
    const local = hot.get(keys);
    if (local) return toRead(local, true);
  }
  if (redis.status !== 'ready') return null;
  const remember = hot?.beginRead(keys);
  try {
    const read = await redis.mget(keys);
    remember?.(read);
    return toRead(read, false);
  } catch {
    remember?.([]);
    return null;
  }
}
