import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { INGEST_GROUP } from '@linkhub/shared/analytics/ingest-health';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { LINK_HOST, BIO_HOST } from '../../edge/src/testing/harness';
import { median } from '../median';
import { createBenchDatabase } from '../redirect/bench-db';
import { runWrk, sequentialSlugScript, visitorMixScript, type WrkResult } from '../redirect/wrk';
import { pgSnapshot, pgSpentUs, processCpuUs, redisCpuUs } from './cpu';
import { randomSlugScript } from './scan-script';

/**
 * `npm run bench -- visit`: the whole visit (issue 25). The same visitor mix as bench/redirect through
 * the edge (capture on, slug filter on) while the worker's ingest consumes the stream in its own
 * process, with the CPU of edge + Redis + worker + PostgreSQL per visit (after each run the bench
 * waits until the worker has committed every captured event, so a visit's ingest is counted), beside
 * the bare `node:http` 302 (the ceiling) and a bare Hono app doing one Redis GET, in the same
 * interleaved rounds. Then two miss rows in the same rounds: distinct misses (every request a slug
 * that cannot exist) and a random-slug scan (uniform over 1..1,000,000 with 150,000 seeded), each
 * with the PostgreSQL queries the edge counted; and once, distinct misses on an edge without the
 * filter (before issue 25, prepared statements included). wrk on loopback, one thread, bounded.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 2;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SEEDED_LINKS = 150_000;
const SCAN_SPACE = 1_000_000;
const ROOT = path.resolve(import.meta.dirname, '../..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PINNED = process.env.BENCH_PIN !== '0' && existsSync('/usr/bin/taskset');
const SERVER_CPU = '1';
const LOAD_CPU = '0';
/** `BENCH_CPU_PROF=<dir>`: the edge and worker processes write V8 CPU profiles there. */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;

type Cpu = { edge: number; redis: number; worker: number; postgres: number };
type Row = {
  scenario: string;
  result: WrkResult;
  cpuUs: Cpu;
  queries: number | null;
  filtered: number | null;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function spawnNode(script: string, env: Record<string, string>, pinned: boolean): ChildProcess {
  const profiled = CPU_PROF_DIR !== undefined && (script.startsWith('edge/') || script.includes('consumer'));
  const profile = profiled ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [];
  const args = [...profile, '--import', 'tsx', path.join(ROOT, script)];
  const [cmd, argv] =
    pinned && PINNED ? ['taskset', ['-c', SERVER_CPU, process.execPath, ...args]] : [process.execPath, args];
  return spawn(cmd, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

function get(port: number, host: string, pathname: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

const healthSchema = z.object({ metrics: z.object({ dbLookups: z.number(), filterAbsent: z.number() }) });
async function edgeCounts(port: number): Promise<{ dbLookups: number; filterAbsent: number }> {
  return healthSchema.parse(JSON.parse((await get(port, 'localhost', '/healthz')).body)).metrics;
}

/** The worker's queued summary refreshes done (it answers `idle` over IPC). */
function workerIdle(worker: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    const done = (message: unknown) => {
      if (message !== 'idle') return;
      worker.off('message', done);
      resolve();
    };
    worker.on('message', done);
    worker.send('idle');
  });
}

/** Everything a run captured is committed, and the summary refreshes it queued have run. */
async function settle(worker: ChildProcess, redis: Redis, prefix: string): Promise<void> {
  await waitUntil(() => drained(redis, prefix), 'the worker to drain');
  await workerIdle(worker);
}

/** Every captured event committed: the group has nothing unread and nothing pending. */
async function drained(redis: Redis, prefix: string): Promise<boolean> {
  const groups = (await redis.call('XINFO', 'GROUPS', clicksStreamKey(prefix))) as unknown[];
  for (const group of groups) {
    if (!Array.isArray(group)) continue;
    const fields = new Map<string, unknown>();
    for (let i = 0; i + 1 < group.length; i += 2) fields.set(String(group[i]), group[i + 1]);
    if (fields.get('name') !== INGEST_GROUP) continue;
    return Number(fields.get('pending')) === 0 && Number(fields.get('lag') ?? 0) === 0;
  }
  return false;
}

type Server = { child: ChildProcess; port: number; host: string; pathname: string };
/** `script` gives the wrk script of the warm-up and of the measured run (distinct misses need fresh slugs in each). */
type Measured = {
  scenario: string;
  server: Server;
  script?: (phase: 'warm' | 'run') => string;
  worker?: ChildProcess;
  edgePort?: number;
};

async function measure(
  m: Measured,
  redis: Redis,
  pool: Awaited<ReturnType<typeof createBenchDatabase>>['pool'],
  prefix: string,
): Promise<Row> {
  const { server } = m;
  const url = `http://127.0.0.1:${server.port}${server.pathname}`;
  const cpu = PINNED ? LOAD_CPU : undefined;
  runWrk({
    url,
    host: server.host,
    seconds: WARMUP_SECONDS,
    connections: CONNECTIONS,
    script: m.script?.('warm'),
    cpu,
  });
  if (m.worker) await settle(m.worker, redis, prefix);
  const counts = m.edgePort === undefined ? null : await edgeCounts(m.edgePort);
  const before = {
    edge: processCpuUs(server.child.pid),
    worker: processCpuUs(m.worker?.pid),
    redis: await redisCpuUs(redis),
    pg: await pgSnapshot(pool),
  };
  const result = runWrk({
    url,
    host: server.host,
    seconds: SECONDS,
    connections: CONNECTIONS,
    script: m.script?.('run'),
    cpu,
  });
  if (m.worker) await settle(m.worker, redis, prefix);
  const after = {
    edge: processCpuUs(server.child.pid),
    worker: processCpuUs(m.worker?.pid),
    redis: await redisCpuUs(redis),
    pg: await pgSnapshot(pool),
  };
  const countsAfter = m.edgePort === undefined ? null : await edgeCounts(m.edgePort);
  const per = (us: number) => us / result.requests;
  const row: Row = {
    scenario: m.scenario,
    result,
    cpuUs: {
      edge: per(after.edge - before.edge),
      worker: per(after.worker - before.worker),
      redis: per(after.redis - before.redis),
      postgres: per(pgSpentUs(before.pg, after.pg)),
    },
    queries: counts && countsAfter ? countsAfter.dbLookups - counts.dbLookups : null,
    filtered: counts && countsAfter ? countsAfter.filterAbsent - counts.filterAbsent : null,
  };
  process.stdout.write(
    `  ${m.scenario}: ${result.rps.toFixed(0)} req/s, edge ${row.cpuUs.edge.toFixed(0)} µs CPU/request${row.queries === null ? '' : `, ${row.queries} PostgreSQL queries`}\n`,
  );
  return row;
}

const CEILING = 'node:http fixed 302 (ceiling)';
const BARE = 'bare Hono + one Redis GET';
const HIT = 'edge hit, capture on, worker consuming';
const MISS = 'edge, distinct misses (slugs that cannot exist)';
const SCAN = `edge, random-slug scan (1..${SCAN_SPACE.toLocaleString('en')}, ${SEEDED_LINKS.toLocaleString('en')} exist)`;
const MISS_BEFORE = 'edge without the filter, distinct misses';

async function main(): Promise<void> {
  process.stdout.write(`setting up a database (migrations, ${SEEDED_LINKS} links)…\n`);
  const db = await createBenchDatabase();
  const { databaseUrl, prefix, pool, domains } = db;
  const redis = new Redis(REDIS_URL);
  const children: ChildProcess[] = [];
  const rounds: Row[][] = [];
  const once: Row[] = [];
  try {
    for (let from = 1; from <= SEEDED_LINKS; from += 2000) {
      await pool.query(
        `INSERT INTO links (workspace_id, domain_id, slug, destination_url)
         SELECT $1, $2, 'm' || g, 'https://example.com/m/' || g FROM generate_series($3::int, $4::int) g`,
        [db.workspaceId, domains.linkDomainId, from, Math.min(from + 1999, SEEDED_LINKS)],
      );
    }
    await pool.query('ANALYZE links');
    const bareKey = `${prefix}bare`;
    await redis.set(bareKey, 'https://example.com/landing');
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'error',
      LINK_HOST,
      BIO_HOST,
      EDGE_CAPTURE: 'on',
    };
    const [ceilingPort, barePort, edgePort, plainPort] = [
      await freePort(),
      await freePort(),
      await freePort(),
      await freePort(),
    ];
    const ceiling = spawnNode('bench/redirect/ceiling-server.ts', { PORT: String(ceilingPort) }, true);
    const bare = spawnNode(
      'bench/visit/bare-hono-server.ts',
      { PORT: String(barePort), REDIS_URL, BARE_KEY: bareKey },
      true,
    );
    const edge = spawnNode('edge/src/main.ts', { ...env, PORT: String(edgePort) }, true);
    const plain = spawnNode(
      'edge/src/main.ts',
      { ...env, PORT: String(plainPort), EDGE_SLUG_FILTER: 'off' },
      true,
    );
    const worker = spawnNode('bench/visit/consumer-process.ts', env, false);
    children.push(ceiling, bare, edge, plain, worker);
    await waitUntil(async () => (await get(ceilingPort, 'x', '/')).status === 302, 'the ceiling server');
    await waitUntil(async () => (await get(barePort, 'x', '/')).status === 302, 'the bare Hono server');
    for (const port of [edgePort, plainPort]) {
      await waitUntil(async () => (await get(port, 'localhost', '/healthz')).status === 200, 'the edge');
      await waitUntil(async () => (await get(port, LINK_HOST, '/hit')).status === 302, 'the warm cache');
    }
    let probe = 0;
    await waitUntil(async () => {
      probe += 1;
      await get(edgePort, LINK_HOST, `/probe-${probe}`);
      return (await edgeCounts(edgePort)).filterAbsent > 0;
    }, 'the slug filter to be built');

    const mix = visitorMixScript(LINK_HOST, '/hit');
    const visitors = () => mix;
    const distinct = (tag: string) => (phase: 'warm' | 'run') =>
      sequentialSlugScript(LINK_HOST, `${tag}${phase === 'warm' ? 'w' : 'r'}`);
    const at = (child: ChildProcess, port: number, host: string, pathname: string): Server => ({
      child,
      port,
      host,
      pathname,
    });
    for (let round = 1; round <= ROUNDS; round += 1) {
      process.stdout.write(`round ${round}/${ROUNDS}\n`);
      rounds.push([
        await measure(
          { scenario: CEILING, server: at(ceiling, ceilingPort, 'x', '/'), script: visitors },
          redis,
          pool,
          prefix,
        ),
        await measure(
          { scenario: BARE, server: at(bare, barePort, 'x', '/'), script: visitors },
          redis,
          pool,
          prefix,
        ),
        await measure(
          {
            scenario: HIT,
            server: at(edge, edgePort, LINK_HOST, '/hit'),
            script: visitors,
            worker,
            edgePort,
          },
          redis,
          pool,
          prefix,
        ),
        await measure(
          {
            scenario: MISS,
            server: at(edge, edgePort, LINK_HOST, '/'),
            script: distinct(`zz${round}`),
            worker,
            edgePort,
          },
          redis,
          pool,
          prefix,
        ),
        await measure(
          {
            scenario: SCAN,
            server: at(edge, edgePort, LINK_HOST, '/'),
            script: (phase) =>
              randomSlugScript(LINK_HOST, 'm', SCAN_SPACE, phase === 'warm' ? 1000 + round : round),
            worker,
            edgePort,
          },
          redis,
          pool,
          prefix,
        ),
      ]);
    }
    once.push(
      await measure(
        {
          scenario: MISS_BEFORE,
          server: at(plain, plainPort, LINK_HOST, '/'),
          script: distinct('yy'),
          worker,
          edgePort: plainPort,
        },
        redis,
        pool,
        prefix,
      ),
    );
  } finally {
    for (const child of children) await stop(child);
    const keys = await redis.keys(`${prefix}*`);
    for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
    redis.disconnect();
    await db.drop();
  }
  report(rounds, once);
}

function medianRow(rows: readonly Row[]): Row {
  const pick = (f: (r: Row) => number) => median(rows.map(f));
  const sum = (f: (r: Row) => number | null) =>
    rows.some((r) => f(r) === null) ? null : rows.reduce((n, r) => n + (f(r) ?? 0), 0);
  return {
    scenario: rows[0]?.scenario ?? '',
    result: {
      rps: pick((r) => r.result.rps),
      p50Ms: pick((r) => r.result.p50Ms),
      p99Ms: pick((r) => r.result.p99Ms),
      requests: rows.reduce((n, r) => n + r.result.requests, 0),
      non2xx3xx: rows.reduce((n, r) => n + r.result.non2xx3xx, 0),
      errors: rows.reduce((n, r) => n + r.result.errors, 0),
    },
    cpuUs: {
      edge: pick((r) => r.cpuUs.edge),
      redis: pick((r) => r.cpuUs.redis),
      worker: pick((r) => r.cpuUs.worker),
      postgres: pick((r) => r.cpuUs.postgres),
    },
    queries: sum((r) => r.queries),
    filtered: sum((r) => r.filtered),
  };
}

const total = (c: Cpu) => c.edge + c.redis + c.worker + c.postgres;

function report(rounds: readonly Row[][], once: readonly Row[]): void {
  const names = [CEILING, BARE, HIT, MISS, SCAN];
  const inRound = (round: readonly Row[], name: string) => round.find((r) => r.scenario === name);
  const medians = names.map((name) => medianRow(rounds.flatMap((round) => inRound(round, name) ?? [])));
  const ceiling = medians[0]?.result.rps ?? Number.NaN;
  const f0 = (n: number) => n.toFixed(0);
  const f1 = (n: number) => n.toFixed(1);
  const lines = [...medians, ...once].map((row) => {
    const { result: r, cpuUs: c } = row;
    const queries = row.queries === null ? '' : `${row.queries} / ${row.filtered ?? 0}`;
    return `| ${row.scenario} | ${f0(r.rps)} | ${r.p50Ms.toFixed(2)} | ${r.p99Ms.toFixed(2)} | ${(r.rps / ceiling).toFixed(2)} | ${f1(c.edge)} | ${f1(c.redis)} | ${f1(c.worker)} | ${f1(c.postgres)} | ${f1(total(c))} | ${queries} | ${r.non2xx3xx} |`;
  });
  process.stdout.write(
    `\nwrk -t1 -c${CONNECTIONS} -d${SECONDS}s on loopback${PINNED ? ' (servers on CPU 1, wrk on CPU 0, worker unpinned)' : ''}; median of ${rounds.length} interleaved rounds (the last row: once, after them)\n`,
  );
  process.stdout.write(
    'CPU columns: µs per request; the edge rows include the worker committing what they captured. PG queries / filtered: counted by the edge over all rounds\n',
  );
  process.stdout.write(
    [
      '| scenario | req/s | p50 ms | p99 ms | × ceiling | edge | Redis | worker | PostgreSQL | total | PG queries / filtered | non-3xx |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...lines,
    ].join('\n') + '\n\n',
  );

  const ratios = rounds.flatMap((round) => {
    const [c, b, h, m, s] = names.map((name) => inRound(round, name));
    if (!c || !b || !h || !m || !s) return [];
    return [
      {
        bare: b.result.rps / c.result.rps,
        hit: h.result.rps / c.result.rps,
        miss: m.result.rps / c.result.rps,
        scan: s.result.rps / c.result.rps,
        whole: total(h.cpuUs) / h.cpuUs.edge,
      },
    ];
  });
  process.stdout.write(
    '| round | bare Hono × ceiling | hit × ceiling | distinct miss × ceiling | scan × ceiling | whole visit CPU ÷ edge CPU |\n|---:|---:|---:|---:|---:|---:|\n',
  );
  ratios.forEach((r, i) =>
    process.stdout.write(
      `| ${i + 1} | ${r.bare.toFixed(2)} | ${r.hit.toFixed(2)} | ${r.miss.toFixed(2)} | ${r.scan.toFixed(2)} | ${r.whole.toFixed(2)} |\n`,
    ),
  );
  const hit = medians[2];
  const miss = medians[3];
  const ingestUs = hit ? hit.cpuUs.worker + hit.cpuUs.postgres : Number.NaN;
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  const hitRatio = median(ratios.map((r) => r.hit));
  const missRatio = median(ratios.map((r) => r.miss));
  const whole = median(ratios.map((r) => r.whole));
  process.stdout.write('\nmedians of the in-round ratios:\n');
  process.stdout.write(
    `target distinct miss ≥ 0.3× ceiling: ${missRatio.toFixed(2)}× — ${verdict(missRatio >= 0.3)}\n`,
  );
  process.stdout.write(
    `target 0 PostgreSQL queries for slugs that cannot exist: ${miss?.queries ?? '?'} queries for ${miss?.result.requests ?? '?'} distinct misses (${miss?.filtered ?? '?'} answered by the filter) — ${verdict(miss?.queries === 0)}\n`,
  );
  process.stdout.write(
    `target whole-visit CPU ≤ 1.4× the edge's own: ${whole.toFixed(2)}× — ${verdict(whole <= 1.4)}\n`,
  );
  process.stdout.write(
    `target cache hit (capture on, worker consuming) ≥ 0.6× ceiling: ${hitRatio.toFixed(2)}× — ${verdict(hitRatio >= 0.6)}\n`,
  );
  process.stdout.write(
    `target cache hit p99 ≤ 10 ms at ${CONNECTIONS} connections: ${hit?.result.p99Ms.toFixed(2) ?? '?'} ms — ${verdict((hit?.result.p99Ms ?? Infinity) <= 10)}\n`,
  );
  process.stdout.write(
    `(ingest per captured visit, worker + PostgreSQL: ${ingestUs.toFixed(1)} µs CPU, i.e. ${f0(2e6 / ingestUs)} events/s on 2 cores if nothing else ran)\n`,
  );
}

await main();
