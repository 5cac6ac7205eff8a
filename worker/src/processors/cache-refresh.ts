import { refreshCache, type RefreshReport } from '@linkhub/shared/server/cache/refresh';
import type { Processor } from './processor';

/**
 * `cache-refresh`: rebuilds the edge's Redis entries for one address or one resource from
 * PostgreSQL (belt and braces behind every command's write-through). The work is
 * shared/src/server/cache/refresh.ts, the same code the commands run after commit.
 */
export const cacheRefresh: Processor<'cache-refresh'> = async (data, _job, deps): Promise<RefreshReport> => {
  const report = await refreshCache(
    { sql: deps.pool, redis: deps.cacheRedis, prefix: deps.config.REDIS_PREFIX },
    data,
  );
  deps.logger.debug({ target: data.kind, keys: report.length }, 'cache refreshed');
  return report;
};
