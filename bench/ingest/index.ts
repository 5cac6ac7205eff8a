/**
 * Analytics ingest benchmark.
 *
 *  1. Throughput: the stream is filled with N events (default 1,000,000), then the production
 *     consumer (its parallel consumers, summaries refresh included) drains it to committed
 *     click_events rows + hourly rollups + visitor days: events/s from first read to last commit.
 *     Same-run baseline: the same entries read back with XRANGE, parsed the same way and only
 *     COPYed into a table shaped like click_events (same indexes), no rollups, no consumer group.
 *  2. Lag: click (XADD) → visible in `GET /v1/analytics/totals` (in-process app, API key), p50/p95,
 *     at a steady 2,000 events/s.
 *  3. Queries over 10 million events' worth of rollups (90 days × 24 h × 20 resources, generated
 *     with generate_series): 90-day daily timeseries and a country breakdown, workspace-wide and
 *     per resource, through the API.
 *
 *   npx tsx bench/ingest/index.ts [--events 1000000] [--parallel 2] [--no-queries] [--no-summaries] [--profile drain.cpuprofile] [--reads-per-write 4]
 *
 * `--profile FILE` writes a CPU profile of this process covering the drain only (open it in Chrome
 * DevTools or summarise it), without the fill, the baseline and the queries.
 *
 * Uses its own database (created and dropped) and Redis prefix on DATABASE_URL / REDIS_URL.
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { Redis } from 'ioredis';
import { CAPTURE_BATCH_MAX_EVENTS, toBatchStreamFields } from '@linkhub/shared/analytics/event';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { migrate } from '@linkhub/shared/server/db';
import { createDb } from '@linkhub/shared/server/db/client';
import { ensureSystemDomains } from '@linkhub/shared/server/db/system-domains';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { createIngestConsumer, type IngestConsumer } from '../../worker/src/ingest/consumer';
import { copyBaseline } from './copy-baseline';
import { cpuMeter } from './cpu-usage';
import { createApp } from '../../sync-server/src/app';
import { createDeps, closeDeps } from '../../sync-server/src/deps';
import { syncServerEnvSchema } from '../../sync-server/src/platform/env';
import { insertApiKey } from '../../sync-server/src/identity/api-keys';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { seedRollups } from './seed-rollups';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const EVENTS = arg('events', 1_000_000);
const PARALLEL = arg('parallel', 2);
/** `--reads-per-write N`: the consumer's readsPerWrite (its default when absent). */
const READS_PER_WRITE = process.argv.includes('--reads-per-write') ? arg('reads-per-write', 4) : undefined;
const QUERIES = !process.argv.includes('--no-queries');
const SUMMARIES = !process.argv.includes('--no-summaries');
const PROFILE = process.argv.includes('--profile')
  ? (process.argv[process.argv.indexOf('--profile') + 1] ?? 'drain.cpuprofile')
  : null;
const RESOURCES = 100;
/** `--single-entries`: one entry per event (a batch of one, as a quiet edge writes) instead of full batch entries. */
const SINGLE_ENTRIES = process.argv.includes('--single-entries');

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `linkhub_bench_ingest_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();
const prefix = `bench:${randomBytes(4).toString('hex')}:`;
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

async function main(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${dbName}`);
  const rows: Array<[string, string, string]> = [];
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const deps = createDeps(
    parseEnvOrThrow(syncServerEnvSchema, {
      DATABASE_URL: dbUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'silent',
      PWA_DIST: '/nonexistent',
    }),
  );
  const consumers: IngestConsumer[] = [];
  try {
    await migrate(dbUrl);
    const handle = createDb(dbUrl, { max: 2 });
    const user = await insertUser(handle.db);
    const { workspace, owner } = await insertWorkspace(handle.db, { ownerUserId: user.id, plan: 'business' });
    const domains = await ensureSystemDomains(handle.db);
    await handle.close();
    const ws = workspace.id;
    /** Real link rows (per-resource reads are authorized against the resource). */
    const makeLinks = async (n: number): Promise<string[]> =>
      (
        await deps.pool.query<{ id: string }>(
          `INSERT INTO links (workspace_id, domain_id, slug, destination_url) SELECT $1, $2, 'b' || md5(random()::text), 'https://example.com/' FROM generate_series(1, $3) RETURNING id`,
          [ws, domains.linkDomainId, n],
        )
      ).rows.map((r) => r.id);
    const { key } = await withTransaction(deps.pool, (tx) =>
      insertApiKey(tx, {
        workspaceId: ws,
        userId: user.id,
        memberId: owner.id,
        name: 'bench',
        scopes: ['analytics:read'],
        expiresAt: null,
      }),
    );
    const app = createApp(deps);
    const resources = await makeLinks(RESOURCES);
    const probeLinks = await makeLinks(20);
    const stream = clicksStreamKey(prefix);
    const logger = createLogger('bench', { level: 'silent' });
    const pool = new pg.Pool({ connectionString: dbUrl, max: 4 + PARALLEL, idleTimeoutMillis: 0 });
    // an idle connection ended by the DROP DATABASE … WITH (FORCE) below must not crash the run
    pool.on('error', () => undefined);
    let committed = 0;
    const ingest = createIngestConsumer(
      { pool, redis, logger, prefix },
      {
        consumerName: 'bench',
        parallel: PARALLEL,
        serialLane: process.env.INGEST_NO_LANE !== '1',
        ...(READS_PER_WRITE === undefined ? {} : { readsPerWrite: READS_PER_WRITE }),
        refreshSummaries: SUMMARIES,
        onBatch: (b) => (committed += b.inserted),
      },
    );
    await ingest.ensureGroup();
    consumers.push(ingest);
    const countries = ['FR', 'DE', 'US', 'GB', 'ES', 'IT', 'NL', 'BR'];
    const devices = ['mobile', 'desktop', 'tablet'] as const;
    let seq = 0;
    const benchEvent = (resource: string) => {
      seq += 1;
      return testEvent(
        {
          workspace_id: ws,
          resource_id: resource,
          event_type: seq % 5 === 0 ? 'scan' : 'click',
          resource_type: seq % 5 === 0 ? 'qr_code' : 'link',
          country_code: countries[seq % countries.length] ?? 'FR',
          device_type: devices[seq % 3] ?? 'mobile',
          is_bot: seq % 20 === 0,
        },
        `v${seq % 50_000}`,
      );
    };
    const eventFields = (resource: string) => toBatchStreamFields([benchEvent(resource)]);
    /** As the edge writes under load (full batch entries), or one entry per event (`--single-entries`). */
    const produce = async (n: number) => {
      const pipe = redis.pipeline();
      if (SINGLE_ENTRIES)
        for (let i = 0; i < n; i += 1)
          pipe.xadd(stream, '*', ...eventFields(resources[seq % RESOURCES] ?? ''));
      else {
        for (let i = 0; i < n; i += CAPTURE_BATCH_MAX_EVENTS) {
          const events = Array.from({ length: Math.min(CAPTURE_BATCH_MAX_EVENTS, n - i) }, () =>
            benchEvent(resources[seq % RESOURCES] ?? ''),
          );
          pipe.xadd(stream, '*', ...toBatchStreamFields(events));
        }
      }
      await pipe.exec();
    };

    // 1. throughput: fill the stream, then drain it
    const fillStart = performance.now();
    for (let filled = 0; filled < EVENTS; filled += 10_000) await produce(Math.min(10_000, EVENTS - filled));
    const fillSeconds = (performance.now() - fillStart) / 1000;
    const ingestCpu = await cpuMeter(pool, 4 + PARALLEL);
    const profiler = PROFILE === null ? null : new Session();
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    const t0 = performance.now();
    for (const c of consumers) c.start();
    while (committed < EVENTS) await sleep(20);
    const seconds = (performance.now() - t0) / 1000;
    if (profiler && PROFILE !== null) {
      const { profile } = await profiler.post('Profiler.stop');
      await writeFile(PROFILE, JSON.stringify(profile));
      profiler.disconnect();
    }
    const ingestUsed = await ingestCpu();
    const rate = EVENTS / seconds;
    const raw = Number(
      (await pool.query<{ n: string }>('SELECT count(*) AS n FROM click_events')).rows[0]?.n,
    );
    const rolled = Number(
      (
        await pool.query<{ n: string }>(
          "SELECT sum(clicks + scans + page_views + bot_events) AS n FROM analytics_rollup_hourly WHERE dimension = 'all'",
        )
      ).rows[0]?.n,
    );
    await ingest.idle(); // summary refreshes still running would share the baseline's CPU
    const baselineCpu = await cpuMeter(pool, 4 + PARALLEL);
    const baseline = await copyBaseline(pool, redis, stream, EVENTS);
    const baselineUsed = await baselineCpu();
    const perThousand = (used: { nodeMs: number; postgresMs: number }) =>
      `node ${((1000 * used.nodeMs) / EVENTS).toFixed(1)} + PostgreSQL ${((1000 * used.postgresMs) / EVENTS).toFixed(1)} CPU-ms`;
    rows.push([
      `stream filled with ${EVENTS.toLocaleString('en')} events (not timed below)`,
      `${fillSeconds.toFixed(1)} s`,
      '',
    ]);
    rows.push([
      `ingest ${EVENTS.toLocaleString('en')} events, ${PARALLEL} parallel consumer(s)`,
      `${Math.round(rate).toLocaleString('en')} events/s (${seconds.toFixed(1)} s)`,
      '≥ 20,000 events/s',
    ]);
    rows.push([
      `  baseline: XRANGE + parse + COPY only, no rollups`,
      `${Math.round(EVENTS / baseline).toLocaleString('en')} events/s (${baseline.toFixed(1)} s)`,
      `ingest at ${((100 * (EVENTS / seconds)) / (EVENTS / baseline)).toFixed(0)} % of it`,
    ]);
    rows.push(['  CPU per 1,000 events: ingest', perThousand(ingestUsed), 'load-independent-ish']);
    rows.push(['  CPU per 1,000 events: baseline', perThousand(baselineUsed), '']);
    rows.push([
      '  committed rows / rollup total',
      `${raw.toLocaleString('en')} / ${rolled.toLocaleString('en')}`,
      `${EVENTS.toLocaleString('en')} each`,
    ]);

    // 2. lag at a steady 2,000 events/s, 40 probes
    const lags: number[] = [];
    const probes: Promise<void>[] = [];
    const lagStart = performance.now();
    for (let tick = 0; tick < 100; tick += 1) {
      await produce(20); // 20 events per 10 ms
      if (tick % 5 === 0) {
        const probe = probeLinks[tick / 5] ?? '';
        const sent = performance.now();
        await redis.xadd(stream, '*', ...eventFields(probe));
        probes.push(
          (async () => {
            for (;;) {
              const res = await app.request(`/v1/analytics/totals?resource_id=${probe}`, {
                headers: { Authorization: `Bearer ${key}` },
              });
              const body = (await res.json()) as {
                data?: { clicks: number; scans: number; bot_events: number };
              };
              const d = body.data;
              if (d && d.clicks + d.scans + d.bot_events > 0) {
                lags.push(performance.now() - sent);
                return;
              }
              if (performance.now() - sent > 30_000) {
                lags.push(Number.POSITIVE_INFINITY);
                return;
              }
              await sleep(25);
            }
          })(),
        );
      }
      const due = lagStart + (tick + 1) * 10;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
    await Promise.all(probes);
    rows.push([
      `click → visible in API (${lags.length} probes at ~2,000 ev/s)`,
      `p50 ${ms(pct(lags, 50))}, p95 ${ms(pct(lags, 95))}`,
      'p95 ≤ 5 s',
    ]);
    for (const c of consumers) await c.stop();
    await pool.end();

    // 3. queries over 10 M events of rollups
    if (QUERIES) {
      const seeded = { ...(await seedRollups(deps.pool, ws, await makeLinks(20), 10_000_000)), apiKey: key };
      rows.push([
        `rollups for ${seeded.events.toLocaleString('en')} events`,
        `${seeded.rows.toLocaleString('en')} rows in ${(seeded.ms / 1000).toFixed(1)} s`,
        '',
      ]);
      const range = `from=${seeded.from.toISOString()}&to=${seeded.to.toISOString()}`;
      const timeQuery = async (label: string, path: string, apiKey: string) => {
        const times: number[] = [];
        let check = '';
        for (let i = 0; i < 7; i += 1) {
          const s = performance.now();
          const res = await app.request(path, { headers: { Authorization: `Bearer ${apiKey}` } });
          const text = await res.text();
          times.push(performance.now() - s);
          if (res.status !== 200) throw new Error(`${label}: ${res.status} ${text.slice(0, 200)}`);
          check = text;
        }
        rows.push([
          label,
          `median ${ms(pct(times.slice(1), 50))}, max ${ms(Math.max(...times.slice(1)))}`,
          '≤ 300 ms',
        ]);
        return check;
      };
      const total = await timeQuery(
        '90-day daily timeseries, workspace-wide',
        `/v1/analytics/timeseries?interval=day&${range}`,
        seeded.apiKey,
      );
      const sum = (JSON.parse(total) as { data: Array<{ clicks: number; scans: number }> }).data.reduce(
        (a, p) => a + p.clicks + p.scans,
        0,
      );
      rows.push([
        '  events counted by that timeseries',
        sum.toLocaleString('en'),
        seeded.events.toLocaleString('en'),
      ]);
      await timeQuery(
        '90-day breakdown by country, workspace-wide',
        `/v1/analytics/breakdown?dimension=country&${range}`,
        seeded.apiKey,
      );
      await timeQuery(
        '90-day daily timeseries, one resource',
        `/v1/analytics/timeseries?interval=day&resource_id=${seeded.resourceId}&${range}`,
        seeded.apiKey,
      );
      await timeQuery(
        '90-day breakdown by country, one resource',
        `/v1/analytics/breakdown?dimension=country&resource_id=${seeded.resourceId}&${range}`,
        seeded.apiKey,
      );
      await timeQuery(
        '90-day totals with uniques, workspace-wide',
        `/v1/analytics/totals?${range}`,
        seeded.apiKey,
      );
      // a non-UTC workspace: day buckets in its zone come from the hourly rollups
      await deps.pool.query("UPDATE workspaces SET time_zone = 'Europe/Berlin' WHERE id = $1", [ws]);
      await timeQuery(
        '90-day daily timeseries, workspace-wide, Europe/Berlin (hourly rows)',
        `/v1/analytics/timeseries?interval=day&${range}`,
        seeded.apiKey,
      );
      await timeQuery(
        '90-day hourly-zone timeseries, one resource, Europe/Berlin',
        `/v1/analytics/timeseries?interval=day&resource_id=${seeded.resourceId}&${range}`,
        seeded.apiKey,
      );
    }
  } finally {
    for (const c of consumers) await c.stop().catch(() => undefined);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await closeDeps(deps);
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
  }
  const w0 = Math.max(...rows.map((r) => r[0].length));
  const w1 = Math.max(...rows.map((r) => r[1].length));
  console.log(`\n${'measure'.padEnd(w0)} | ${'result'.padEnd(w1)} | target`);
  console.log(`${'-'.repeat(w0)}-|-${'-'.repeat(w1)}-|-------`);
  for (const [a, b, c] of rows) console.log(`${a.padEnd(w0)} | ${b.padEnd(w1)} | ${c}`);
}

await main();
