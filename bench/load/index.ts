import { spawn, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import { createBenchDatabase } from '../redirect/bench-db';
import { buildTarget } from '../../scripts/build/build-services';
import { SERVICE_ENTRIES } from '../../scripts/build/entries';
import { freePort } from '../../e2e/launcher/ports';
import { eventually } from '../../e2e/launcher/wait';

/**
 * `npx tsx bench/load/index.ts`: the load target (docs/capacity.md: 5,000 redirects/s sustained, p95
 * < 50 ms) through the scale-out front door: autocannon on loopback → HAProxy
 * (e2e/scale-out/haproxy.cfg) → 2 compiled edges (NODE_ENV=production, capture on) on one Redis and
 * PostgreSQL, every request a cache hit on one link. Rows: the target rate held for BENCH_SECONDS
 * (60), then the same front door unthrottled (what this machine sustains right now), then the
 * baseline in the same run: two bare node:http 302 servers behind the same HAProxy, unthrottled.
 * Latency percentiles are computed from every response's time, not autocannon's summary (it has no p95).
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const TARGET_RATE = Number(process.env.BENCH_RATE ?? 5_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const PROBE_SECONDS = Number(process.env.BENCH_PROBE_SECONDS ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const LINK_HOST = 'lnk.localhost';

type Row = {
  scenario: string;
  seconds: number;
  requested: string;
  achieved: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
};

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function load(url: string, seconds: number, rate: number | null, scenario: string): Promise<Row> {
  const times: number[] = [];
  let wrongStatus = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}/hit`,
        headers: { host: LINK_HOST },
        connections: CONNECTIONS,
        duration: seconds,
        ...(rate === null ? {} : { overallRate: rate }),
        timeout: 10,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode === 302) times.push(responseTime);
      else wrongStatus += 1;
    });
  });
  const sorted = Float64Array.from(times).sort();
  return {
    scenario,
    seconds,
    requested: rate === null ? 'unthrottled' : `${rate}/s`,
    achieved: times.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors: wrongStatus + result.errors + result.timeouts,
  };
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function answers(url: string, path: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status === 200 || response.status === 302;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const db = await createBenchDatabase();
  const redis = new Redis(REDIS_URL);
  const loadBefore = loadavg();
  try {
    await buildTarget(ROOT, 'edge');
    const start = async (script: string, env: Record<string, string>): Promise<string> => {
      const port = await freePort();
      const child = spawn(process.execPath, [script], {
        cwd: ROOT,
        env: {
          PATH: process.env.PATH ?? '',
          ...env,
          PORT: String(port),
          METRICS_PORT: String(await freePort()),
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      const url = `http://127.0.0.1:${port}`;
      await eventually(() => answers(url, '/healthz'), Boolean, 60_000, `${script} on ${port}`);
      return `127.0.0.1:${port}`;
    };
    const haproxy = async (
      servers: readonly string[],
    ): Promise<{ url: string; stop: () => Promise<void> }> => {
      const [bind, stats, syncA, syncB] = [
        await freePort(),
        await freePort(),
        await freePort(),
        await freePort(),
      ];
      const child = spawn('haproxy', ['-db', '-f', path.join(ROOT, 'e2e/scale-out/haproxy.cfg')], {
        env: {
          PATH: process.env.PATH ?? '',
          LH_EDGE_BIND: `127.0.0.1:${bind}`,
          LH_STATS_BIND: `127.0.0.1:${stats}`,
          LH_EDGE_1: servers[0] ?? '',
          LH_EDGE_2: servers[1] ?? '',
          // No sync-servers in this bench: that backend stays down.
          LH_SYNC_BIND: `127.0.0.1:${await freePort()}`,
          LH_SYNC_1: `127.0.0.1:${syncA}`,
          LH_SYNC_2: `127.0.0.1:${syncB}`,
        },
        stdio: ['ignore', 'ignore', 'ignore'],
      });
      const url = `http://127.0.0.1:${bind}`;
      await eventually(
        async () => {
          const csv = await fetch(`http://127.0.0.1:${stats}/;csv`)
            .then((r) => r.text())
            .catch(() => '');
          return csv.split('\n').filter((line) => line.startsWith('edges,edge') && line.includes(',UP'))
            .length;
        },
        (up) => up === 2,
        30_000,
        'both servers UP behind HAProxy',
      );
      return {
        url,
        stop: async () => {
          child.kill('SIGTERM');
          await exited(child);
        },
      };
    };

    const edgeEnv = {
      NODE_ENV: 'production',
      DATABASE_URL: db.databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: db.prefix,
      LOG_LEVEL: 'warn',
      LINK_HOST,
    };
    const edgeEntry = path.join(ROOT, SERVICE_ENTRIES.edge);
    const edges = [await start(edgeEntry, edgeEnv), await start(edgeEntry, edgeEnv)];
    const front = await haproxy(edges);
    const rows: Row[] = [];
    const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
    const line = (r: Row) =>
      `| ${r.scenario} | ${r.seconds} | ${r.requested} | ${Math.round(r.achieved)} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${r.errors} |`;
    const measure = async (row: Promise<Row>) => {
      const done = await row;
      rows.push(done);
      process.stderr.write(`${line(done)}\n`);
    };
    // Warm-up: caches filled, JIT settled.
    await load(front.url, 5, TARGET_RATE, 'warm-up');
    await measure(load(front.url, SECONDS, TARGET_RATE, 'HAProxy → 2 edges, target rate'));
    await measure(load(front.url, PROBE_SECONDS, null, 'HAProxy → 2 edges, unthrottled'));
    await front.stop();

    const ceilingEntry = path.join(ROOT, 'bench/load/ceiling-server.ts');
    const tsx = ['--import', 'tsx', ceilingEntry];
    const ceilings: string[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, tsx, {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', PORT: String(port) },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      await eventually(
        () => answers(`http://127.0.0.1:${port}`, '/healthz'),
        Boolean,
        30_000,
        'ceiling server',
      );
      ceilings.push(`127.0.0.1:${port}`);
    }
    const baseline = await haproxy(ceilings);
    await measure(load(baseline.url, PROBE_SECONDS, null, 'HAProxy → 2 bare node:http 302, unthrottled'));
    await baseline.stop();

    const loadAfter = loadavg();
    const lines = [
      `| scenario | seconds | requested | achieved (302/s) | p50 ms | p95 ms | p99 ms | errors |`,
      `|---|---:|---:|---:|---:|---:|---:|---:|`,
      ...rows.map(line),
    ];
    const [held, free, ceiling] = rows;
    process.stdout.write(`${lines.join('\n')}\n\n`);
    process.stdout.write(
      `${cpus().length} cores; load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} before, ${loadAfter
        .map((l) => l.toFixed(2))
        .join(' ')} after; ${CONNECTIONS} connections; autocannon in this process on the same cores.\n`,
    );
    if (held && free && ceiling)
      process.stdout.write(
        `target ${TARGET_RATE}/s ${held.achieved >= TARGET_RATE * 0.98 ? 'held' : 'NOT held'} (${Math.round(held.achieved)}/s, p95 ${fmt(held.p95)} ms); unthrottled edges = ${(free.achieved / ceiling.achieved).toFixed(2)}× the bare 302 ceiling behind the same HAProxy\n`,
      );
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(children.map(exited));
    const keys = await redis.keys(`${db.prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await db.drop();
  }
}

await main();
