import type { Redis } from 'ioredis';
import { domainHostKey, redirectKey, redirectMissKey } from '@linkhub/shared/cache/keys';

/** The one Redis round trip of a redirect: `dom:host:`, `rd:`, `rd:miss:` in one MGET (one hash slot). */
export type CacheRead = { domainRaw: string | null; payloadRaw: string | null; missCached: boolean };

/** Null when Redis cannot answer (not connected, or the command failed): the caller degrades to PostgreSQL. */
export async function readRedirectCache(redis: Redis, prefix: string, host: string, slug: string): Promise<CacheRead | null> {
  if (redis.status !== 'ready') return null;
  try {
    const [domainRaw = null, payloadRaw = null, miss = null] = await redis.mget(
      domainHostKey(prefix, host),
      redirectKey(prefix, host, slug),
      redirectMissKey(prefix, host, slug),
    );
    return { domainRaw, payloadRaw, missCached: miss !== null };
  } catch {
    return null;
  }
}
