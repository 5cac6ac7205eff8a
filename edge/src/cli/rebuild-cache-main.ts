import { openRedis } from '@linkhub/shared/server/redis/client';
import { redisRoleUrls } from '@linkhub/shared/config/redis-roles';
import { parseEnv } from '@linkhub/shared/config/env';
import { edgeEnvSchema } from '../env';
import { databaseTargets } from '@linkhub/shared/config/database';
import { createPgLookup, pgLookupOptions } from '../lookup/pg-lookup';
import { rebuildRedirectCache } from './rebuild-cache';

/** `npx tsx edge/src/cli/rebuild-cache-main.ts`: rebuild every redirect payload in Redis from PostgreSQL (same env as the edge). */
const config = parseEnv(edgeEnvSchema);
const redis = openRedis(redisRoleUrls(config).cache);
// Same pool settings as the edge (a pooler that cannot keep named statements gets them unnamed, D-352).
const pg = createPgLookup({ ...pgLookupOptions(databaseTargets(config)), statementTimeoutMs: 30_000 });
try {
  const report = await rebuildRedirectCache(pg, redis, config.REDIS_PREFIX);
  process.stdout.write(
    `rebuilt ${report.written} redirect payloads on ${report.hosts} hosts (${report.keptNewer} already newer)\n`,
  );
} finally {
  redis.disconnect();
  await pg.close();
}
