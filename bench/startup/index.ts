import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildTarget } from '../../scripts/build/build-services';
import type { ServiceName } from '../../scripts/build/entries';
import { median } from '../median';
import {
  ROOT,
  clearRedisPrefix,
  dropDatabase,
  freePort,
  freshDatabase,
  rssMb,
  startService,
  stopService,
  waitHealthy,
  type Mode,
} from './processes';

/**
 * `npx tsx bench/startup/index.ts` (or `npm run bench -- startup`): how long each service takes
 * from spawn to a 200 on /healthz, and its resident memory once up, run from source under tsx
 * (`node --import tsx <service>/src/main.ts`, the process `npm start` runs) against the compiled
 * build (`node <service>/dist/main.js`, what `npm run serve` and the images run). Modes alternate
 * round by round against one migrated database. BENCH_ROUNDS (default 5) rounds per cell.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** After /healthz answers, the process settles (lazy pools, first timers) before its RSS is read. */
const SETTLE_MS = 2_000;
const DATABASE = 'linkhub_bench_startup';
const SERVICES: readonly ServiceName[] = ['sync-server', 'edge', 'worker'];

type Sample = { startMs: number; rssMb: number };

async function startOnce(service: ServiceName, mode: Mode, databaseUrl: string): Promise<Sample> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const begun = performance.now();
  const started = startService(service, mode, {
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: 'bench-startup:',
    PORT: String(port),
    WORKER_HEALTH_PORT: String(port),
    METRICS_PORT: String(metricsPort),
    LOG_LEVEL: 'warn',
  });
  try {
    await waitHealthy(`http://127.0.0.1:${port}/healthz`, started);
    const startMs = performance.now() - begun;
    await sleep(SETTLE_MS);
    return { startMs, rssMb: started.child.pid === undefined ? Number.NaN : rssMb(started.child.pid) };
  } finally {
    await stopService(started);
  }
}

for (const target of SERVICES) await buildTarget(ROOT, target);
const databaseUrl = await freshDatabase(DATABASE);
const samples = new Map<string, Sample[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const service of SERVICES) {
    // Alternate which mode goes first, so a warm page cache favours neither.
    const modes: Mode[] = round % 2 === 0 ? ['tsx', 'compiled'] : ['compiled', 'tsx'];
    for (const mode of modes) {
      const key = `${service}|${mode}`;
      samples.set(key, [...(samples.get(key) ?? []), await startOnce(service, mode, databaseUrl)]);
    }
  }
}
await dropDatabase(DATABASE);
await clearRedisPrefix('bench-startup:');

const rows = SERVICES.map((service) => {
  const of = (mode: Mode) => samples.get(`${service}|${mode}`) ?? [];
  const startTsx = median(of('tsx').map((s) => s.startMs));
  const startBuilt = median(of('compiled').map((s) => s.startMs));
  return {
    service,
    'start tsx (ms)': Math.round(startTsx),
    'start compiled (ms)': Math.round(startBuilt),
    'start ratio': (startBuilt / startTsx).toFixed(2),
    'RSS tsx (MB)': median(of('tsx').map((s) => s.rssMb)).toFixed(0),
    'RSS compiled (MB)': median(of('compiled').map((s) => s.rssMb)).toFixed(0),
  };
});
console.log(
  `start-up to a 200 on /healthz and RSS ${SETTLE_MS / 1000} s later; median of ${ROUNDS} rounds, load average ${loadavg()[0]?.toFixed(1)} at the end`,
);
console.table(rows);
