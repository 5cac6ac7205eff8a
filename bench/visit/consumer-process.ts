import pg from 'pg';
import { Redis } from 'ioredis';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { createIngestConsumer } from '../../worker/src/ingest/consumer';

/**
 * The worker's ingest as bench/visit runs it: the production consumer (its default parallel consumers,
 * summary refresh included) in a process of its own, so its CPU is read apart from the edge's.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 6 });
pool.on('error', () => undefined);
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const ingest = createIngestConsumer({
  pool,
  redis,
  logger: createLogger('bench-worker', { level: 'error' }),
  prefix: process.env.REDIS_PREFIX ?? '',
});
await ingest.ensureGroup();
ingest.start();
// The bench asks for `idle` after a run: the summary refreshes that run queued are then done and counted in it.
process.on('message', (message: unknown) => {
  if (message === 'idle') void ingest.idle().then(() => process.send?.('idle'));
});
process.on('SIGTERM', () => {
  void ingest
    .stop()
    .then(() => pool.end())
    .then(() => {
      redis.disconnect();
      process.exit(0);
    });
});
