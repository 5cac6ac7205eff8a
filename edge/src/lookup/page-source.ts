import type { Redis } from 'ioredis';
import { safeParsePublishedSnapshot } from '@linkhub/shared/blocks/published';
import { pageSnapshotSchema, type PageSnapshot } from '@linkhub/shared/blocks/snapshot';
import { pageKey } from '@linkhub/shared/cache/keys';
import { writePageSnapshot } from '@linkhub/shared/cache/page-cache';
import type { Logger } from '@linkhub/shared/logging/logger';
import type { PageSnapshotSource } from '../routes/bio-page';
import type { EdgeMetrics } from '../metrics';
import type { PgLookup, PublishedPageRow } from './pg-lookup';

/**
 * Published bio pages for the bio routes: Redis `page:{host}:{handle}` first, else one PostgreSQL
 * query for the published snapshot, written back (not awaited). With Redis down pages come from
 * PostgreSQL; with PostgreSQL down, from Redis.
 */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The stored snapshot with the row's identity filled in where the snapshot leaves it out. */
export function snapshotFromRow(row: PublishedPageRow): PageSnapshot | null {
  const identity = { id: row.id, workspace_id: row.workspace_id, handle: row.handle };
  const stored = row.snapshot;
  let candidate: unknown = stored;
  if (isRecord(stored)) {
    candidate = isRecord(stored.page) ? { ...stored, page: { ...identity, ...stored.page } } : { ...identity, ...stored };
  }
  const parsed = safeParsePublishedSnapshot(candidate);
  return parsed.success ? parsed.data : null;
}

export type PageSourceDeps = { redis: Redis; prefix: string; pg: PgLookup; metrics: EdgeMetrics; logger: Logger };

export function createPageSource(deps: PageSourceDeps): PageSnapshotSource {
  const { redis, prefix, pg, metrics, logger } = deps;

  async function readCache(host: string, handle: string): Promise<PageSnapshot | null> {
    if (redis.status !== 'ready') return null;
    try {
      const raw = await redis.get(pageKey(prefix, host, handle));
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
      const cached = await readCache(host, handle);
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
      metrics.dbLookups += 1;
      const row = await pg.findRootPage(host);
      return row ? snapshotFromRow(row) : null;
    },
  };
}
