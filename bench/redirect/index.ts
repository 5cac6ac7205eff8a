import { spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { samplePageSnapshot } from '@linkhub/shared/blocks/sample-page';
import { BIO_HOST, LINK_HOST } from '../../edge/src/testing/harness';
import { median } from '../median';
import { createBenchDatabase } from './bench-db';
import { streamEvents } from '@linkhub/shared/analytics/event';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { runWrk, sequentialSlugScript, visitorMixScript, type WrkResult } from './wrk';

/**
 * `npx tsx bench/redirect/index.ts`: the edge against a bare node:http 302 server (the ceiling),
 * measured in one run with wrk on loopback — one thread, fixed connections, fixed duration. Each
 * server runs as its own process (pinned to CPU 1 when taskset exists; wrk on CPU 0); the three
 * hit-path servers are up together and loaded one at a time, in interleaved rounds, and the table
 * gives each column's median over the rounds (the targets: the median of the in-round ratios).
 * The ceiling and both cache-hit rows send the same visitor mix (`visitorMixScript`: a different
 * forwarded-for header (`FORWARDED_FOR_HEADER`) each request, ~20 User-Agents in turn), so capture does its real work (geo, UA
 * families, visitor hash) and the load generator costs the same in every row.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 2;
/** Interleaved rounds of the three hit-path rows (`BENCH_ROUNDS`). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const MISS_LINKS = 150_000;
const ROOT = path.resolve(import.meta.dirname, '../..');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PINNED = process.env.BENCH_PIN !== '0' && existsSync('/usr/bin/taskset');
const SERVER_CPU = '1';
/** `BENCH_QUICK=1`: ceiling and the two cache-hit rows only (no 150k-link seed, no miss or bio rows). */
const QUICK = process.env.BENCH_QUICK === '1';
/** `BENCH_CPU_PROF=<dir>`: the edge processes write V8 CPU profiles there (open in Chrome DevTools). */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
const LOAD_CPU = '0';

/** CPU time per request of the server process and of Redis: contention on a shared machine stretches wall time, not these. */
type Row = { scenario: string; result: WrkResult; serverCpuUs: number; redisCpuUs: number };

/** utime + stime of a process, in microseconds (Linux /proc; NaN elsewhere). */
function processCpuUs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
  } catch {
    return Number.NaN;
  }
}
const CLOCK_TICKS = 100;

async function redisCpuUs(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const user = Number(/used_cpu_user:([\d.]+)/.exec(info)?.[1] ?? Number.NaN);
  const sys = Number(/used_cpu_sys:([\d.]+)/.exec(info)?.[1] ?? Number.NaN);
  return (user + sys) * 1e6;
}

function spawnServer(script: string, env: Record<string, string>): ChildProcess {
  const profile =
    CPU_PROF_DIR && script.startsWith('edge/') ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [];
  const args = [...profile, '--import', 'tsx', path.join(ROOT, script)];
  const [cmd, argv] = PINNED
    ? ['taskset', ['-c', SERVER_CPU, process.execPath, ...args]]
    : [process.execPath, args];
  const child = spawn(cmd, argv, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

function get(port: number, host: string, pathname: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: pathname, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
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

async function measure(
  scenario: string,
  server: ChildProcess,
  redis: Redis,
  port: number,
  host: string,
  pathname: string,
  script?: string,
): Promise<Row> {
  const url = `http://127.0.0.1:${port}${pathname}`;
  const cpu = PINNED ? LOAD_CPU : undefined;
  runWrk({ url, host, seconds: WARMUP_SECONDS, connections: CONNECTIONS, script, cpu });
  const [serverBefore, redisBefore] = [processCpuUs(server.pid), await redisCpuUs(redis)];
  const result = runWrk({ url, host, seconds: SECONDS, connections: CONNECTIONS, script, cpu });
  const [serverAfter, redisAfter] = [processCpuUs(server.pid), await redisCpuUs(redis)];
  const serverCpuUs = (serverAfter - serverBefore) / result.requests;
  const redisCpuUsPerRequest = (redisAfter - redisBefore) / result.requests;
  process.stdout.write(
    `  ${scenario}: ${result.rps.toFixed(0)} req/s, ${serverCpuUs.toFixed(0)} µs server CPU/request\n`,
  );
  return { scenario, result, serverCpuUs, redisCpuUs: redisCpuUsPerRequest };
}

async function main(): Promise<void> {
  const missLinks = QUICK ? 0 : MISS_LINKS;
  process.stdout.write(`setting up a database (migrations, ${missLinks} links)…\n`);
  const db = await createBenchDatabase();
  const { databaseUrl, prefix, pool, seed, domains } = db;
  const ws = db.workspaceId;
  const redis = new Redis(REDIS_URL);
  const children: ChildProcess[] = [];
  const rounds: Row[][] = [];
  const extra: Row[] = [];
  try {
    // In batches: the slug-reservation trigger takes one advisory lock per row and transaction.
    for (let from = 1; from <= missLinks; from += 2000) {
      await pool.query(
        `INSERT INTO links (workspace_id, domain_id, slug, destination_url)
         SELECT $1, $2, 'm' || g, 'https://example.com/m/' || g FROM generate_series($3::int, $4::int) g`,
        [ws, domains.linkDomainId, from, Math.min(from + 1999, MISS_LINKS)],
      );
    }
    const { id: _id, workspace_id: _ws, ...page } = samplePageSnapshot({ links: 20 });
    await seed.page(ws, domains.bioDomainId, 'maya', page);

    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'error',
      LINK_HOST,
      BIO_HOST,
    };

    const visitors = visitorMixScript(LINK_HOST, '/hit');
    const ceiling = spawnServer('bench/redirect/ceiling-server.ts', { PORT: '8799' });
    const plain = spawnServer('edge/src/main.ts', { ...env, PORT: '8798', EDGE_CAPTURE: 'off' });
    const capturing = spawnServer('edge/src/main.ts', { ...env, PORT: '8797', EDGE_CAPTURE: 'on' });
    children.push(ceiling, plain, capturing);
    await waitUntil(async () => (await get(8799, 'x', '/')) === 302, 'the ceiling server');
    await waitUntil(async () => (await get(8798, 'localhost', '/healthz')) === 200, 'the edge (capture off)');
    await waitUntil(async () => (await get(8798, LINK_HOST, '/hit')) === 302, 'the warm cache');
    await waitUntil(async () => (await get(8797, 'localhost', '/healthz')) === 200, 'the edge (capture on)');
    await waitUntil(async () => (await get(8797, LINK_HOST, '/hit')) === 302, 'the warm cache');
    // Interleaved rounds (ceiling, hit, hit + capture, again): a slow spell of the shared machine lands
    // on all three rows of a round, and each ratio is taken inside its round before the median.
    for (let round = 1; round <= ROUNDS; round += 1) {
      process.stdout.write(`round ${round}/${ROUNDS}\n`);
      rounds.push([
        await measure(CEILING_ROW, ceiling, redis, 8799, 'x', '/', visitors),
        await measure(HIT_ROW, plain, redis, 8798, LINK_HOST, '/hit', visitors),
        await measure(CAPTURE_ROW, capturing, redis, 8797, LINK_HOST, '/hit', visitors),
      ]);
    }
    await stop(ceiling);
    await stop(plain);
    await reportVisitorMix(redis, prefix);
    if (!QUICK) {
      extra.push(
        await measure(
          'edge, miss path (PG + write-through)',
          capturing,
          redis,
          8797,
          LINK_HOST,
          '/m1',
          sequentialSlugScript(LINK_HOST, 'm'),
        ),
      );
      await waitUntil(async () => (await get(8797, BIO_HOST, '/maya')) === 200, 'the bio page');
      extra.push(
        await measure('edge, bio page render (20 links)', capturing, redis, 8797, BIO_HOST, '/maya'),
      );
    }
    await stop(capturing);
  } finally {
    for (const child of children) await stop(child);
    const keys = await redis.keys(`${prefix}*`);
    for (let i = 0; i < keys.length; i += 1000) await redis.del(...keys.slice(i, i + 1000));
    redis.disconnect();
    await db.drop();
  }
  report(rounds, extra);
}

/** What the captured events of the visitor mix look like: proof that capture did real work, not one cached answer. */
async function reportVisitorMix(redis: Redis, prefix: string): Promise<void> {
  const events = streamEvents(
    (await redis.xrevrange(clicksStreamKey(prefix), '+', '-', 'COUNT', 200)).reverse(),
  ).slice(-5000);
  const seen = {
    visitors: new Set<string>(),
    countries: new Set<string>(),
    browsers: new Set<string>(),
    bots: 0,
  };
  for (const event of events) {
    seen.visitors.add(event.visitor_hash);
    seen.countries.add(event.country_code ?? '-');
    seen.browsers.add(event.browser_family ?? '-');
    if (event.is_bot) seen.bots += 1;
  }
  process.stdout.write(
    `  last ${events.length} events: ${seen.visitors.size} visitor hashes, ${seen.countries.size} countries, ${seen.browsers.size} browser families, ${seen.bots} bots\n`,
  );
}

const CEILING_ROW = 'node:http fixed 302 (ceiling)';
const HIT_ROW = 'edge, cache hit';
const CAPTURE_ROW = 'edge, cache hit + capture';

/** One row of a scenario over the rounds: the median of each column. */
function medianRow(rows: readonly Row[]): Row {
  const pick = (f: (r: Row) => number) => median(rows.map(f));
  const first = rows[0];
  return {
    scenario: first?.scenario ?? '',
    result: {
      rps: pick((r) => r.result.rps),
      p50Ms: pick((r) => r.result.p50Ms),
      p99Ms: pick((r) => r.result.p99Ms),
      requests: pick((r) => r.result.requests),
      non2xx3xx: rows.reduce((n, r) => n + r.result.non2xx3xx, 0),
      errors: rows.reduce((n, r) => n + r.result.errors, 0),
    },
    serverCpuUs: pick((r) => r.serverCpuUs),
    redisCpuUs: pick((r) => r.redisCpuUs),
  };
}

function rowIn(round: readonly Row[], scenario: string): Row | undefined {
  return round.find((r) => r.scenario === scenario);
}

function report(rounds: readonly Row[][], extra: readonly Row[]): void {
  const scenarios = [CEILING_ROW, HIT_ROW, CAPTURE_ROW];
  const medians = scenarios.map((scenario) =>
    medianRow(rounds.flatMap((round) => rowIn(round, scenario) ?? [])),
  );
  const ceiling = medians[0]?.result.rps ?? Number.NaN;
  const header = `| scenario | req/s | p50 ms | p99 ms | × ceiling | server CPU µs/req | Redis CPU µs/req | non-3xx | errors |`;
  const lines = [...medians, ...extra].map((row) => {
    const { scenario, result: r } = row;
    return `| ${scenario} | ${r.rps.toFixed(0)} | ${r.p50Ms.toFixed(2)} | ${r.p99Ms.toFixed(2)} | ${(r.rps / ceiling).toFixed(2)} | ${row.serverCpuUs.toFixed(0)} | ${row.redisCpuUs.toFixed(1)} | ${r.non2xx3xx} | ${r.errors} |`;
  });
  process.stdout.write(
    `\nwrk -t1 -c${CONNECTIONS} -d${SECONDS}s on loopback${PINNED ? ' (servers on CPU 1, wrk on CPU 0)' : ''}; hit-path rows: median of ${rounds.length} interleaved rounds\n`,
  );
  process.stdout.write(
    [header, '|---|---:|---:|---:|---:|---:|---:|---:|---:|', ...lines].join('\n') + '\n\n',
  );

  const perRound = rounds.flatMap((round) => {
    const [c, h, k] = [rowIn(round, CEILING_ROW), rowIn(round, HIT_ROW), rowIn(round, CAPTURE_ROW)];
    return c && h && k
      ? [
          {
            hitRatio: h.result.rps / c.result.rps,
            captureCost: 1 - k.result.rps / h.result.rps,
            cpuCost: 1 - h.serverCpuUs / k.serverCpuUs,
          },
        ]
      : [];
  });
  if (perRound.length === 0) return;
  process.stdout.write(
    `| round | hit × ceiling | capture cost (req/s) | capture cost (server CPU) |\n|---:|---:|---:|---:|\n`,
  );
  perRound.forEach((r, i) =>
    process.stdout.write(
      `| ${i + 1} | ${r.hitRatio.toFixed(2)} | ${(r.captureCost * 100).toFixed(1)} % | ${(r.cpuCost * 100).toFixed(1)} % |\n`,
    ),
  );
  const ratio = median(perRound.map((r) => r.hitRatio));
  const cost = median(perRound.map((r) => r.captureCost));
  const cpuCost = median(perRound.map((r) => r.cpuCost));
  const hitP99 = medians[1]?.result.p99Ms ?? Number.NaN;
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  process.stdout.write(`\nmedians over the rounds:\n`);
  process.stdout.write(`target cache hit ≥ 0.5× ceiling: ${ratio.toFixed(2)}× — ${verdict(ratio >= 0.5)}\n`);
  process.stdout.write(`target cache hit p99 ≤ 10 ms: ${hitP99.toFixed(2)} ms — ${verdict(hitP99 <= 10)}\n`);
  process.stdout.write(
    `target capture cost ≤ 15 %: ${(cost * 100).toFixed(1)} % — ${verdict(cost <= 0.15)}\n`,
  );
  process.stdout.write(`(capture cost in server CPU per request: ${(cpuCost * 100).toFixed(1)} %)\n`);
}

await main();
