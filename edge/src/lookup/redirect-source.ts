import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { buildDomainRoute, buildRedirectPayload } from '@linkhub/shared/cache/build-payload';
import type { BoundedMemo } from '@linkhub/shared/cache/bounded-memo';
import {
  parseDomainRoute,
  parseRedirectPayload,
  type Branding,
  type DomainRoute,
  type RedirectPayload,
} from '@linkhub/shared/cache/payload';
import {
  DOMAIN_ROUTE_MISS_TTL_SECONDS,
  writeDomainRoute,
  writeMiss,
  writeRedirectPayload,
} from '@linkhub/shared/server/cache/write-through';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { EdgeMetrics } from '../metrics';
import { readHotCache, readRedirectCache, routeKeysOf, type CacheRead, type RouteKeys } from './cache-read';
import { HotRoutes } from './hot-routes';
import type { HotCache } from './hot-cache';
import { lastKnownKey, type LastKnownEntry } from './last-known';
import type { PgLookup, RedirectLookup } from './pg-lookup';
import type { SlugFilter } from './slug-filter';

/**
 * host + slug → payload, through the cache, PostgreSQL on a miss (with write-through), and the
 * in-process last-known copy when neither store answers.
 */
export type Found =
  | {
      kind: 'payload';
      payload: RedirectPayload;
      domain: DomainRoute | null;
      source: 'cache' | 'database' | 'last_known';
    }
  | {
      kind: 'missing';
      domain: DomainRoute | null;
      branding: Branding | null;
      reason: 'miss_cached' | 'cannot_exist' | 'not_found' | 'no_domain';
    }
  /** Neither store could answer and this instance has no copy: the slug may be a QR code, so never 404. */
  | { kind: 'unknown' };

export type RedirectSourceDeps = {
  redis: RedisClient;
  prefix: string;
  pg: PgLookup;
  lastKnown: BoundedMemo<string, LastKnownEntry>;
  /** In-process copy of the redirect keys, coherent with Redis (absent: every request reads Redis). */
  hot?: HotCache;
  /** Which slugs cannot exist on a known domain (absent: every cache miss asks PostgreSQL). */
  filter?: SlugFilter;
  metrics: EdgeMetrics;
  logger: Logger;
  now: () => Date;
};

export type RedirectSource = { find(host: string, slug: string): Promise<Found> };

export function createRedirectSource(deps: RedirectSourceDeps): RedirectSource {
  const { redis, prefix, pg, lastKnown, metrics, logger } = deps;
  /** Parsed `dom:host:` values by raw JSON: a host's route is read on every request but changes rarely. */
  const domainMemo = new Map<string, DomainRoute | null>();
  function domainOf(raw: string | null): DomainRoute | null {
    if (raw === null) return null;
    const known = domainMemo.get(raw);
    if (known !== undefined) return known;
    const route = parseDomainRoute(raw);
    if (domainMemo.size >= 1000) domainMemo.clear();
    domainMemo.set(raw, route);
    return route;
  }

  const { filter } = deps;
  /** The slug filter on a cached `dom:host:` value: true when no row can hold this slug on that domain. */
  function cannotExist(domainRaw: string, host: string, slug: string): boolean {
    const domain = domainOf(domainRaw);
    return domain !== null && filter?.mayExist(domain.domain_id, host, slug) === false;
  }

  function fromLastKnown(key: string): Found {
    const entry = lastKnown.get(key);
    if (!entry) return { kind: 'unknown' };
    metrics.lastKnownServed += 1;
    return { kind: 'payload', payload: entry.payload, domain: null, source: 'last_known' };
  }

  /** Write-through after a miss, not awaited: the visitor does not wait for the cache. */
  function writeBack(task: () => Promise<unknown>): void {
    if (redis.status !== 'ready') return;
    task().catch((err: unknown) => {
      metrics.writeThroughFailed += 1;
      logger.warn({ err }, 'edge write-through failed');
    });
  }

  async function fromDatabase(
    host: string,
    slug: string,
    key: string,
    cachedDomain: DomainRoute | null,
  ): Promise<Found> {
    let result: RedirectLookup;
    metrics.dbLookups += 1;
    try {
      result = await pg.findRedirect(host, slug);
    } catch (err) {
      metrics.dbErrors += 1;
      logger.warn({ err }, 'edge miss-path query failed');
      return fromLastKnown(key);
    }
    if (result.found === 'no_domain')
      return { kind: 'missing', domain: null, branding: null, reason: 'no_domain' };
    const facts = result.domain;
    const domain =
      cachedDomain ??
      buildDomainRoute(
        {
          id: facts.domain_id,
          workspace_id: facts.workspace_id,
          is_system: facts.is_system,
          purpose: facts.purpose,
          not_found_url: facts.not_found_url,
          root_redirect_url: facts.root_redirect_url,
          expired_url: facts.expired_url,
        },
        facts.workspace,
      );
    if (!cachedDomain)
      writeBack(() => writeDomainRoute(redis, prefix, host, domain, DOMAIN_ROUTE_MISS_TTL_SECONDS));
    if (result.found === 'nothing') {
      writeBack(() => writeMiss(redis, prefix, host, slug, false));
      return { kind: 'missing', domain, branding: domain.branding, reason: 'not_found' };
    }
    const payload = buildRedirectPayload(
      {
        host,
        slug,
        workspace: result.workspace,
        qr: result.qr,
        link: result.link,
        experiment: result.experiment,
      },
      deps.now(),
    );
    lastKnown.set(key, { raw: null, payload });
    writeBack(() => writeRedirectPayload(redis, prefix, host, slug, payload));
    return { kind: 'payload', payload, domain, source: 'database' };
  }

  /** A cached answer as `find` returned it, with what a repeat needs to keep the last-known copy current. */
  type HotRoute = { found: Found; lastKnownKey: string; payloadRaw: string | null };
  const { hot } = deps;
  const hotRoutes = hot ? new HotRoutes<HotRoute>(hot.capacity) : null;
  if (hot && hotRoutes) {
    hot.listen({
      established: () => hotRoutes.clear(),
      invalidated: (key) => hotRoutes.invalidate(key),
      reset: () => hotRoutes.clear(),
    });
  }

  function repeat(route: HotRoute): Found {
    const { found } = route;
    if (found.kind !== 'payload') {
      metrics.missCached += 1;
      return found;
    }
    metrics.cacheHits += 1;
    metrics.hotCacheHits += 1;
    if (route.payloadRaw !== null && lastKnown.get(route.lastKnownKey) === undefined)
      lastKnown.set(route.lastKnownKey, { raw: route.payloadRaw, payload: found.payload });
    return found;
  }

  /** What a cache read answers; a hot-cache read of a payload or a cached miss is remembered for its repeats. */
  function fromCache(
    host: string,
    slug: string,
    key: string,
    keys: RouteKeys,
    cached: CacheRead,
  ): Promise<Found> | Found {
    const domain = domainOf(cached.domainRaw);
    if (cached.ruledOut && domain !== null) {
      metrics.filterAbsent += 1;
      return { kind: 'missing', domain, branding: domain.branding, reason: 'cannot_exist' };
    }
    const [domainKey, ...slugKeys] = keys;
    if (cached.payloadRaw !== null) {
      const known = lastKnown.get(key);
      const payload =
        known?.raw === cached.payloadRaw ? known.payload : parseRedirectPayload(cached.payloadRaw);
      if (payload) {
        metrics.cacheHits += 1;
        if (cached.fromHotCache) metrics.hotCacheHits += 1;
        if (known?.raw !== cached.payloadRaw) lastKnown.set(key, { raw: cached.payloadRaw, payload });
        const found: Found = { kind: 'payload', payload, domain, source: 'cache' };
        if (cached.fromHotCache)
          hotRoutes?.set(host, slug, domainKey, slugKeys, {
            found,
            lastKnownKey: key,
            payloadRaw: cached.payloadRaw,
          });
        return found;
      }
    }
    if (cached.missCached) {
      metrics.missCached += 1;
      const found: Found = {
        kind: 'missing',
        domain,
        branding: domain?.branding ?? null,
        reason: 'miss_cached',
      };
      if (cached.fromHotCache)
        hotRoutes?.set(host, slug, domainKey, slugKeys, { found, lastKnownKey: key, payloadRaw: null });
      return found;
    }
    // Only on a domain the cache knows: its branding answers the 404, and an unknown host asks PostgreSQL.
    if (domain !== null && filter?.mayExist(domain.domain_id, host, slug) === false) {
      metrics.filterAbsent += 1;
      return { kind: 'missing', domain, branding: domain.branding, reason: 'cannot_exist' };
    }
    metrics.cacheMisses += 1;
    return fromDatabase(host, slug, key, domain);
  }

  return {
    async find(host, slug) {
      if (hot?.active) {
        await hot.settled();
        const known = hotRoutes?.get(host, slug);
        if (known !== undefined) return repeat(known);
      }
      const key = lastKnownKey(host, slug);
      const keys = routeKeysOf(prefix, host, slug);
      const local = hot && readHotCache(hot, keys, filter && ((raw) => cannotExist(raw, host, slug)));
      if (local) return fromCache(host, slug, key, keys, local);
      const cached = await readRedirectCache(redis, keys, hot);
      if (cached === null) {
        metrics.redisErrors += 1;
        return fromDatabase(host, slug, key, null);
      }
      return fromCache(host, slug, key, keys, cached);
    },
  };
}
