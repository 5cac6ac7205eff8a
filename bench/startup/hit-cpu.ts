import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { buildTarget } from '../../scripts/build/build-services';
import { seedDemo } from '../../scripts/lib/seed-demo';
import { median } from '../median';
import {
  MODES,
  ROOT,
  cpuMs,
  clearRedisPrefix,
  dropDatabase,
  freePort,
  freshDatabase,
  startService,
  stopService,
  waitHealthy,
  type Mode,
  type Started,
} from './processes';

/**
 * `npx tsx bench/startup/hit-cpu.ts`: the edge's CPU per cache-hit redirect (capture on), run from
 * source under tsx against the compiled bundle, both up at once against one seeded database and
 * loaded in turn with wrk (one thread, BENCH_CONNECTIONS connections, BENCH_SECONDS per round,
 * BENCH_ROUNDS rounds, modes alternating). CPU is the edge process's own (user + system from
 * /proc), divided by the requests wrk completed; servers on CPU 1 and wrk on CPU 0 when taskset
 * exists. docs/capacity.md sizes the edge from this figure.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const DATABASE = 'linkhub_bench_hit_cpu';
const LINK_HOST = 'lnk.localhost';
const PINNED = spawnSync('taskset', ['-c', '0', 'true']).status === 0;

function wrk(port: number): { requests: number; perSecond: number } {
  const argv = [
    '-t1',
    `-c${CONNECTIONS}`,
    `-d${SECONDS}s`,
    '-H',
    `Host: ${LINK_HOST}`,
    `http://127.0.0.1:${port}/docs`,
  ];
  const run = PINNED ? spawnSync('taskset', ['-c', '0', 'wrk', ...argv]) : spawnSync('wrk', argv);
  const out = run.stdout.toString();
  if (/Non-2xx or 3xx responses/.test(out)) throw new Error(`the edge answered errors:\n${out}`);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? Number.NaN);
  const perSecond = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? Number.NaN);
  return { requests, perSecond };
}

await buildTarget(ROOT, 'edge');
const databaseUrl = await freshDatabase(DATABASE);
await seedDemo(databaseUrl, { linkHost: LINK_HOST, bioHost: 'bio.localhost' }, null);
const edges = new Map<Mode, { started: Started; port: number }>();
try {
  for (const mode of MODES) {
    const [port, metricsPort] = [await freePort(), await freePort()];
    const started = startService(
      'edge',
      mode,
      {
        DATABASE_URL: databaseUrl,
        REDIS_PREFIX: 'bench-hit-cpu:',
        PORT: String(port),
        METRICS_PORT: String(metricsPort),
        LINK_HOST,
        LOG_LEVEL: 'warn',
      },
      PINNED ? '1' : undefined,
    );
    edges.set(mode, { started, port });
    await waitHealthy(`http://127.0.0.1:${port}/healthz`, started);
    wrk(port); // warm-up: the JIT, the hot cache, the pools
  }
  const samples = new Map<Mode, Array<{ cpuUs: number; perSecond: number }>>();
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 === 0 ? MODES : [...MODES].reverse()) {
      const edge = edges.get(mode);
      const pid = edge?.started.child.pid;
      if (!edge || pid === undefined) throw new Error(`no ${mode} edge`);
      const before = cpuMs(pid);
      const { requests, perSecond } = wrk(edge.port);
      const cpuUs = ((cpuMs(pid) - before) * 1000) / requests;
      samples.set(mode, [...(samples.get(mode) ?? []), { cpuUs, perSecond }]);
    }
  }
  const row = (mode: Mode) => {
    const of = samples.get(mode) ?? [];
    return {
      mode,
      'req/s': Math.round(median(of.map((s) => s.perSecond))),
      'edge CPU µs/request': median(of.map((s) => s.cpuUs)).toFixed(1),
    };
  };
  console.log(
    `edge cache hit (capture on), wrk -t1 -c${CONNECTIONS} -d${SECONDS}s, median of ${ROUNDS} rounds${PINNED ? ', edges on CPU 1, wrk on CPU 0' : ''}; load average ${loadavg()[0]?.toFixed(1)} at the end`,
  );
  console.table(MODES.map(row));
} finally {
  await Promise.all([...edges.values()].map((e) => stopService(e.started)));
  await dropDatabase(DATABASE);
  await clearRedisPrefix('bench-hit-cpu:');
}
