/**
 * Where one ingest batch spends its time: stage timings over N batches of 1,000 events,
 * the same steps as the consumer, timed one by one.   npx tsx bench/ingest/profile.ts [--batches 30]
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Redis } from 'ioredis';
import {
  CAPTURE_BATCH_MAX_EVENTS,
  toBatchStreamFields,
  type AnalyticsEvent,
} from '@linkhub/shared/analytics/event';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { migrate } from '@linkhub/shared/server/db';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { createIngestConsumer } from '../../worker/src/ingest/consumer';
import { entryRows, referenceRows } from '../../worker/src/ingest/entry-rows';
import { writeBatch } from '../../worker/src/ingest/write-batch';
import { aggregateBatch } from '../../worker/src/ingest/aggregate';
import { INGEST_GROUP } from '../../worker/src/ingest/names';
import { parseReadGroupReply } from '../../worker/src/ingest/stream-entries';
import { randomUUID } from 'node:crypto';

const i = process.argv.indexOf('--batches');
const BATCHES = i >= 0 ? Number(process.argv[i + 1]) : 30;
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `linkhub_bench_prof_${randomBytes(4).toString('hex')}`;
const u = new URL(adminUrl);
u.pathname = `/${dbName}`;
const dbUrl = u.toString();
const prefix = `bench:${randomBytes(4).toString('hex')}:`;
const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const timings: Record<string, number> = {};
const time = async <T>(label: string, f: () => Promise<T> | T): Promise<T> => {
  const s = performance.now();
  const r = await f();
  timings[label] = (timings[label] ?? 0) + performance.now() - s;
  return r;
};
try {
  await migrate(dbUrl);
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
  pool.on('error', () => undefined);
  const ws = randomUUID();
  const resources = Array.from({ length: 100 }, () => randomUUID());
  const stream = clicksStreamKey(prefix);
  const c = createIngestConsumer(
    { pool, redis, logger: createLogger('p', { level: 'silent' }), prefix },
    { consumerName: 'p', refreshSummaries: false },
  );
  await c.ensureGroup();
  let seq = 0;
  const countries = ['FR', 'DE', 'US', 'GB', 'ES', 'IT', 'NL', 'BR'];
  const devices = ['mobile', 'desktop', 'tablet'] as const;
  for (let b = 0; b < BATCHES; b += 1) {
    // 1,000 events as the edge writes them: batch entries of CAPTURE_BATCH_MAX_EVENTS
    const pipe = redis.pipeline();
    for (let k = 0; k < 1000; k += CAPTURE_BATCH_MAX_EVENTS) {
      const events: AnalyticsEvent[] = [];
      for (let n = 0; n < CAPTURE_BATCH_MAX_EVENTS; n += 1) {
        seq += 1;
        events.push(
          testEvent(
            {
              workspace_id: ws,
              resource_id: resources[seq % 100] ?? '',
              country_code: countries[seq % 8] ?? 'FR',
              device_type: devices[seq % 3] ?? 'mobile',
              is_bot: seq % 20 === 0,
            },
            `v${seq % 50_000}`,
          ),
        );
      }
      pipe.xadd(stream, '*', ...toBatchStreamFields(events));
    }
    await pipe.exec();
  }
  const reader = redis.duplicate();
  let rollupRows = 0;
  let uniqueRows = 0;
  const t0 = performance.now();
  for (let b = 0; b < BATCHES; b += 1) {
    const reply = await time('XREADGROUP', () =>
      reader.call(
        'XREADGROUP',
        'GROUP',
        INGEST_GROUP,
        'p',
        'COUNT',
        String(Math.ceil(1000 / CAPTURE_BATCH_MAX_EVENTS)),
        'STREAMS',
        stream,
        '>',
      ),
    );
    const entries = await time('parse reply', () => parseReadGroupReply(reply));
    // the reference parse (per event) beside the one the consumer uses (runs checked once per entry), same entries
    await time('parse: reference', () => entries.flatMap((e) => referenceRows(e.id, e.fields ?? []).rows));
    const entryRowsOf = await time('parse: entryRows', () =>
      entries.map((e) => ({ id: e.id, rows: entryRows(e.id, e.fields ?? []).rows })),
    );
    const rows = entryRowsOf.flatMap((e) => e.rows);
    const agg = await time('aggregate (alone)', () => aggregateBatch(rows));
    rollupRows += agg.rollups.length;
    uniqueRows += agg.uniques.length;
    const client = await pool.connect();
    const timed = new Proxy(pool, {
      get(target, key) {
        if (key !== 'connect') return Reflect.get(target, key);
        return async () =>
          new Proxy(client, {
            get(t2, k2) {
              if (k2 !== 'query') return Reflect.get(t2, k2);
              return (sql: unknown, params?: unknown[]) =>
                typeof sql === 'string'
                  ? time(`  sql ${sql.trim().slice(0, 30)}`, () => t2.query(sql, params))
                  : Reflect.apply(t2.query, t2, [sql]);
            },
          });
      },
    });
    await time('writeBatch (txn)', () => writeBatch(timed, entryRowsOf));
    await time('XACK', () => redis.call('XACK', stream, INGEST_GROUP, ...entries.map((e) => e.id)));
  }
  const total = performance.now() - t0;
  console.log(
    `${BATCHES} batches of 1,000: ${Math.round((BATCHES * 1000) / (total / 1000))} events/s; rollup rows/batch ${Math.round(rollupRows / BATCHES)}, unique rows/batch ${Math.round(uniqueRows / BATCHES)}`,
  );
  for (const [k, v] of Object.entries(timings))
    console.log(`${k.padEnd(20)} ${(v / BATCHES).toFixed(1)} ms/batch  ${((100 * v) / total).toFixed(0)} %`);
  await reader.quit();
  await c.stop();
  await pool.end();
} catch (error) {
  console.error(error);
} finally {
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}
