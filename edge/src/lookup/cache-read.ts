import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { domainHostKey, redirectKey, redirectMissKey } from '@linkhub/shared/cache/keys';
import type { HotCache } from './hot-cache';

/** The one Redis round trip of a redirect: `dom:host:`, `rd:`, `rd:miss:` in one MGET (one hash slot). */
export type CacheRead = {
  domainRaw: string | null;
  payloadRaw: string | null;
  missCached: boolean;
  fromHotCache: boolean;
  /** `ruledOut` said no row can hold the slug: nothing but the domain was read (no Redis round trip). */
  ruledOut: boolean;
};

function toRead(
  [domainRaw = null, payloadRaw = null, miss = null]: ReadonlyArray<string | null>,
  fromHotCache: boolean,
): CacheRead {
  return { domainRaw, payloadRaw, missCached: miss !== null, fromHotCache, ruledOut: false };
}

/** The three keys of a route, in the order of `CacheRead`. */
export type RouteKeys = readonly [domainKey: string, redirectKey: string, missKey: string];

export function routeKeysOf(prefix: string, host: string, slug: string): RouteKeys {
  return [domainHostKey(prefix, host), redirectKey(prefix, host, slug), redirectMissKey(prefix, host, slug)];
}

/**
 * The three keys from the in-process hot cache when it holds them all (no I/O); undefined when it
 * does not. Call only after `hot.settled()`, in the same synchronous run.
 *
 * `ruledOut` (the slug filter) is asked when the hot cache holds the host's route but not the slug's
 * keys: a slug no row can hold has no key worth reading either (every key written since the filter
 * was built was reported to it), so the read stops there.
 */
export function readHotCache(
  hot: HotCache,
  keys: RouteKeys,
  ruledOut?: (domainRaw: string) => boolean,
): CacheRead | undefined {
  const local = hot.get(keys);
  if (local) return toRead(local, true);
  const domainRaw = ruledOut ? hot.get(keys.slice(0, 1))?.[0] : undefined;
  if (domainRaw && ruledOut?.(domainRaw) === true) {
    return { domainRaw, payloadRaw: null, missCached: false, fromHotCache: true, ruledOut: true };
  }
  return undefined;
}

/**
 * The three keys from Redis in one MGET (remembered by the hot cache for the next request). Null
 * when Redis cannot answer (not connected, or the command failed): the caller degrades to PostgreSQL.
 */
export async function readRedirectCache(
  redis: RedisClient,
  keys: RouteKeys,
  hot?: HotCache,
): Promise<CacheRead | null> {
  if (redis.status !== 'ready') return null;
  const remember = hot?.beginRead(keys);
  try {
    const read = await redis.mget(...keys);
    remember?.(read);
    return toRead(read, false);
  } catch {
    remember?.([]);
    return null;
  }
}
