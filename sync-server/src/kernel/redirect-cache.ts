import { createHash } from 'node:crypto';
import type { CacheDeps } from './cache-deps';
import { refreshCache, writeRedirectRows } from '@linkhub/shared/server/cache/refresh';
import type { RedirectRows } from '@linkhub/shared/cache/build-payload';
import type { CacheRefreshTarget } from '@linkhub/shared/jobs/queues';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';
import type { CommandContext } from './types';

export type { CacheDeps } from './cache-deps';

/** One cache key per target, so several mutations of one address in a push rebuild it once. */
function cacheKeyOf(target: CacheRefreshTarget): string {
  switch (target.kind) {
    case 'redirect':
      return `rd:${target.host}:${target.slug}`;
    case 'domain':
      return `dom:host:${target.host}`;
    case 'page':
      return `page:${target.host}:${target.handle}`;
    case 'root_page':
      return `page:${target.host}:/`;
    case 'resource':
      return `resource:${target.resource_type}:${target.id}`;
  }
}

/** A cache-refresh job for the worker; the id is unique per target and moment (a finished job id is not reused). */
export function cacheRefreshJob(target: CacheRefreshTarget, at: number, delayMs: number): JobRequest {
  const digest = createHash('sha256').update(JSON.stringify(target)).digest('hex').slice(0, 32);
  return {
    queue: 'cache-refresh',
    name: 'cache-refresh',
    data: target,
    jobId: `cache-refresh-${digest}-${at}`,
    delayMs,
  };
}

/**
 * Too many keys to rebuild in the request (a whole workspace): only the worker's cache-refresh job
 * does it, enqueued after commit.
 */
export function scheduleCacheRefreshJob(ctx: CommandContext, target: CacheRefreshTarget): void {
  ctx.effects.enqueue(cacheRefreshJob(target, ctx.now.getTime(), 0));
}

/**
 * Post-commit write-through (docs/product-rules.md#redirect-cache): the target's keys are rebuilt from committed rows
 * with the edge's own statements and builders (shared/src/server/cache/refresh.ts), and the worker's
 * cache-refresh job rebuilds them again a few seconds later, so a failed or raced write heals.
 */
export function scheduleCacheRefresh(
  ctx: CommandContext,
  cache: CacheDeps,
  target: CacheRefreshTarget,
): void {
  ctx.effects.writeCache(
    cacheKeyOf(target),
    async () => {
      await refreshCache({ sql: cache.pool, redis: cache.redis, prefix: cache.prefix }, target);
    },
    target,
  );
}

export function scheduleRedirectRefresh(
  ctx: CommandContext,
  cache: CacheDeps,
  host: string,
  slug: string,
): void {
  scheduleCacheRefresh(ctx, cache, { kind: 'redirect', host, slug });
}

/**
 * `scheduleRedirectRefresh` for an address whose rows the transaction already holds (a new link:
 * its INSERT's row and its workspace; no QR code or experiment can point at it yet): written after
 * commit from those rows by the same builder, without reading them back; the delayed refresh follows.
 */
export function scheduleRedirectWrite(ctx: CommandContext, cache: CacheDeps, rows: RedirectRows): void {
  const target: CacheRefreshTarget = { kind: 'redirect', host: rows.host, slug: rows.slug };
  ctx.effects.writeCache(
    cacheKeyOf(target),
    async () => {
      await writeRedirectRows({ redis: cache.redis, prefix: cache.prefix }, rows);
    },
    target,
    true,
  );
}

/** A page's snapshot key, and the root page of its host when that is a custom domain (the root may be this page). */
export function schedulePageRefresh(
  ctx: CommandContext,
  cache: CacheDeps,
  host: string,
  handle: string,
): void {
  scheduleCacheRefresh(ctx, cache, { kind: 'page', host, handle });
  if (host !== ctx.hosts.bioHost && host !== ctx.hosts.linkHost)
    scheduleCacheRefresh(ctx, cache, { kind: 'root_page', host });
}
