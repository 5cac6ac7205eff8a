/**
 * Event webhooks benchmark (D-632): events per second delivered to a webhook endpoint from the
 * analytics ingest path, beside the ingest without webhooks in the same run.
 *
 *  - baseline: N click events (full edge batch entries) drained by the production ingest consumer
 *    for a workspace without endpoints, the hand-off off: committed events/s.
 *  - with webhooks: the same for a workspace with ENDPOINTS endpoints subscribed to `link.clicked`,
 *    the hand-off on, the `webhook-batch` and `webhook-deliver` BullMQ workers running and a real
 *    HTTPS receiver verifying every signature: the ingest's committed events/s, and events/s
 *    delivered (first read → last verified delivery) per endpoint.
 * Rounds alternate baseline and webhooks, first with the batch and delivery workers stopped (the
 * hand-off's own cost: buffering only), then with them and the receiver running in this process,
 * on the same cores; the table shows medians (the baseline over every round).
 *
 *   npx tsx bench/event-webhooks/index.ts [--events 20000] [--rounds 2] [--endpoints 1] [--window-ms 1000]
 *
 * Uses its own database (created and dropped) and Redis prefix on DATABASE_URL / REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { CAPTURE_BATCH_MAX_EVENTS, toBatchStreamFields } from '@linkhub/shared/analytics/event';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { migrate } from '@linkhub/shared/server/db';
import { createDb } from '@linkhub/shared/server/db/client';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { trafficBatchSchema } from '@linkhub/shared/webhooks/traffic-events';
import { closeWorkerDeps, createWorkerDeps } from '../../worker/src/deps';
import { workerEnvSchema } from '../../worker/src/env';
import { createIngestConsumer } from '../../worker/src/ingest/consumer';
import { webhookDeliver } from '../../worker/src/processors/webhook-deliver';
import { startWorkers } from '../../worker/src/runtime';
import { webhookBatch } from '../../worker/src/webhooks/traffic/flush';
import { createTrafficHandOff } from '../../worker/src/webhooks/traffic/hand-off';
import { startTlsReceiver } from '../../worker/src/webhooks/traffic/tls-receiver';
import { median } from '../median';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const EVENTS = arg('events', 20_000);
const ROUNDS = arg('rounds', 2);
const ENDPOINTS = arg('endpoints', 1);
const WINDOW_MS = arg('window-ms', 1000);
const SECRET = 'whsec_bench_0123456789';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `linkhub_bench_evwh_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const prefix = `bench:${randomBytes(4).toString('hex')}:`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const receiver = await startTlsReceiver(SECRET);
  const deps = createWorkerDeps(
    parseEnvOrThrow(workerEnvSchema, {
      DATABASE_URL: dbUrl,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'silent',
    }),
    createLogger('bench', { level: 'silent' }),
    { webhookNetwork: receiver.network },
  );
  deps.pool.on('error', () => undefined);
  const baseline: number[] = [];
  const bufferOnly: number[] = [];
  const withIngest: number[] = [];
  const delivered: number[] = [];
  const perBatch: number[] = [];
  let invalid = 0;
  try {
    await migrate(dbUrl);
    const handle = createDb(dbUrl, { max: 2 });
    const user = await insertUser(handle.db);
    const quiet = (await insertWorkspace(handle.db, { ownerUserId: user.id })).workspace.id;
    const hooked = (await insertWorkspace(handle.db, { ownerUserId: user.id })).workspace.id;
    await handle.close();
    for (let i = 0; i < ENDPOINTS; i += 1)
      await deps.pool.query(
        "INSERT INTO webhook_endpoints (workspace_id, url, events, secret_ciphertext) VALUES ($1, $2, '{link.clicked}', $3)",
        [hooked, receiver.url, deps.secrets.seal(Buffer.from(SECRET))],
      );
    const stream = clicksStreamKey(prefix);
    const link = crypto.randomUUID();
    let seq = 0;
    const fill = async (workspaceId: string) => {
      for (let i = 0; i < EVENTS; i += 10_000) {
        const pipe = deps.redis.pipeline();
        for (let j = i; j < Math.min(EVENTS, i + 10_000); j += CAPTURE_BATCH_MAX_EVENTS) {
          const events = Array.from({ length: Math.min(CAPTURE_BATCH_MAX_EVENTS, EVENTS - j) }, () => {
            seq += 1;
            return testEvent({ workspace_id: workspaceId, resource_id: link }, `v${seq}`);
          });
          pipe.xadd(stream, '*', ...toBatchStreamFields(events));
        }
        await pipe.exec();
      }
    };
    const drain = async (withWebhooks: boolean, delivering = true): Promise<void> => {
      const handOff = createTrafficHandOff(deps, { windowMs: WINDOW_MS });
      let committed = 0;
      const before = receiver.received.length;
      const ingest = createIngestConsumer(
        { pool: deps.pool, redis: deps.redis, logger: deps.logger, prefix },
        {
          consumerName: `bench-${seq}`,
          refreshSummaries: false,
          onBatch: (b) => (committed += b.inserted),
          ...(withWebhooks ? { onCommitted: handOff.offer } : {}),
        },
      );
      await ingest.ensureGroup();
      await fill(withWebhooks ? hooked : quiet);
      const t0 = performance.now();
      ingest.start();
      while (committed < EVENTS) await sleep(10);
      const ingestSeconds = (performance.now() - t0) / 1000;
      await ingest.stop();
      if (!withWebhooks) return void baseline.push(EVENTS / ingestSeconds);
      if (!delivering) {
        await handOff.settled();
        await deps.pool.query('DELETE FROM webhook_event_buffer');
        return void bufferOnly.push(EVENTS / ingestSeconds);
      }
      withIngest.push(EVENTS / ingestSeconds);
      const expected = EVENTS * ENDPOINTS;
      let got = 0;
      let batches = 0;
      while (got < expected) {
        await sleep(20);
        const fresh = receiver.received.slice(before + batches);
        for (const r of fresh) {
          if (!r.valid) invalid += 1;
          got += trafficBatchSchema.parse((JSON.parse(r.body) as { data: unknown }).data).count;
        }
        batches += fresh.length;
      }
      delivered.push(EVENTS / ((performance.now() - t0) / 1000));
      perBatch.push(got / batches);
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      await drain(false);
      await drain(true, false);
    }
    const runtime = startWorkers(deps, { 'webhook-batch': webhookBatch, 'webhook-deliver': webhookDeliver });
    for (let round = 0; round < ROUNDS; round += 1) {
      await drain(false);
      await drain(true);
    }
    await runtime.close();
  } finally {
    await closeWorkerDeps(deps);
    await receiver.close();
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  const fmt = (xs: number[]) => `${Math.round(median(xs)).toLocaleString('en')} events/s`;
  const rows: Array<[string, string]> = [
    ['ingest, no webhooks (baseline)', fmt(baseline)],
    ['ingest, hand-off buffering only (no delivery running)', fmt(bufferOnly)],
    ['ingest, hand-off + batching + delivery + receiver running', fmt(withIngest)],
    [
      'ingest slowdown, buffering only',
      `${((1 - median(bufferOnly) / median(baseline)) * 100).toFixed(1)} %`,
    ],
    [
      'ingest slowdown, everything running',
      `${((1 - median(withIngest) / median(baseline)) * 100).toFixed(1)} %`,
    ],
    [`delivered per endpoint (read → last delivery, ${ENDPOINTS} endpoint(s))`, fmt(delivered)],
    ['events per delivery (mean)', median(perBatch).toFixed(1)],
    ['deliveries failing signature check', String(invalid)],
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(
    `\nevent webhooks: ${EVENTS.toLocaleString('en')} events × ${ROUNDS} rounds, window ${WINDOW_MS} ms\n`,
  );
  console.log(`${'measure'.padEnd(w)} | result`);
  console.log(`${'-'.repeat(w)}-|-------`);
  for (const [m, r] of rows) console.log(`${m.padEnd(w)} | ${r}`);
  const each = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
  console.log(
    `\nper round (events/s): baseline ${each(baseline)}; buffering ${each(bufferOnly)}; everything ${each(withIngest)}`,
  );
}

await main();
