import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { pageSnapshotSchema, type PageSnapshot } from '@linkhub/shared/blocks/snapshot';
import { pageKey, rootPageKey } from '@linkhub/shared/cache/keys';
import { writePageSnapshot, writeRootPageSnapshot } from '@linkhub/shared/server/cache/page-cache';
import { snapshotFromRow } from '@linkhub/shared/cache/page-snapshot';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { PageSnapshotSource } from '../routes/bio-page';
import type { EdgeMetrics } from '../metrics';
import type { PgLookup } from './pg-lookup';

export type PageSourceDeps = {
  redis: RedisClient;
  prefix: string;
  pg: PgLookup;
  metrics: EdgeMetrics;
  logger: Logger;
};

/**
 * Published bio pages for the bio routes: Redis `page:{host}:{handle}` (a custom domain's root:
 * `page:{host}:/`) first, else one PostgreSQL query for the published snapshot, written back (not
 * awaited). With Redis down pages come from PostgreSQL; with PostgreSQL down, from Redis.
 */
export function createPageSource(deps: PageSourceDeps): PageSnapshotSource {
  const { redis, prefix, pg, metrics, logger } = deps;

  async function readCache(key: string): Promise<PageSnapshot | null> {
    if (redis.status !== 'ready') return null;
    try {
      const raw = await redis.get(key);
      if (raw === null) return null;
      const parsed = pageSnapshotSchema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      metrics.redisErrors += 1;
      return null;
    }
  }

  return {
    async getPublished(host, handle) {
      const cached = await readCache(pageKey(prefix, host, handle));
      if (cached) return cached;
      metrics.dbLookups += 1;
      const row = await pg.findPublishedPage(host, handle);
      const snapshot = row ? snapshotFromRow(row) : null;
      if (snapshot && redis.status === 'ready') {
        writePageSnapshot(redis, prefix, host, handle, snapshot).catch((err: unknown) => {
          metrics.writeThroughFailed += 1;
          logger.warn({ err }, 'edge page write-through failed');
        });
      }
      return snapshot;
    },
    async getRoot(host) {
      const cached = await readCache(rootPageKey(prefix, host));
      if (cached) return cached;
      metrics.dbLookups += 1;
      const row = await pg.findRootPage(host);
      const snapshot = row ? snapshotFromRow(row) : null;
      if (snapshot && redis.status === 'ready') {
        writeRootPageSnapshot(redis, prefix, host, snapshot).catch((err: unknown) => {
          metrics.writeThroughFailed += 1;
          logger.warn({ err }, 'edge root page write-through failed');
        });
      }
      return snapshot;
    },
  };
}
