import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { migrate } from '../../shared/src/db/migrate';
import { buildTarget } from '../../scripts/build/build-services';
import { SERVICE_ENTRIES, type ServiceName } from '../../scripts/build/entries';
import { median } from '../median';

/**
 * `npx tsx bench/startup/index.ts` (or `npm run bench -- startup`): how long each service takes
 * from spawn to a 200 on /healthz, and its resident memory once up, run from source under tsx
 * (`node --import tsx <service>/src/main.ts`, the process `npm start` runs) against the compiled
 * build (`node <service>/dist/main.js`, what `npm run serve` and the images run). Modes alternate
 * round by round against one migrated database. BENCH_ROUNDS (default 5) rounds per cell.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** After /healthz answers, the process settles (lazy pools, first timers) before its RSS is read. */
const SETTLE_MS = 2_000;
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'linkhub_bench_startup';

type Mode = 'tsx' | 'compiled';
const SERVICES: readonly ServiceName[] = ['sync-server', 'edge', 'worker'];

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

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb === undefined ? Number.NaN : Number(kb) / 1024;
}

async function databaseUrl(): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  await migrate(url.toString());
  return url.toString();
}

function commandFor(service: ServiceName, mode: Mode): string[] {
  return mode === 'compiled'
    ? [SERVICE_ENTRIES[service]]
    : ['--import', 'tsx', SERVICE_ENTRIES[service].replace('/dist/main.js', '/src/main.ts')];
}

async function waitHealthy(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the service exited (${child.exitCode})`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(1_000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await sleep(20);
  }
}

type Sample = { startMs: number; rssMb: number };

async function startOnce(service: ServiceName, mode: Mode, dbUrl: string): Promise<Sample> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: mode === 'compiled' ? 'production' : 'development',
    DATABASE_URL: dbUrl,
    REDIS_PREFIX: 'bench-startup:',
    PORT: String(port),
    WORKER_HEALTH_PORT: String(port),
    METRICS_PORT: String(metricsPort),
    LOG_LEVEL: 'warn',
  };
  const started = performance.now();
  const child = spawn(process.execPath, commandFor(service, mode), {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  try {
    await waitHealthy(`http://127.0.0.1:${port}/healthz`, child).catch((error: unknown) => {
      throw new Error(`${service} (${mode}) did not come up:\n${stderr}`, { cause: error });
    });
    const startMs = performance.now() - started;
    await sleep(SETTLE_MS);
    return { startMs, rssMb: child.pid === undefined ? Number.NaN : rssMb(child.pid) };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
  }
}

for (const target of ['sync-server', 'edge', 'worker'] as const) await buildTarget(ROOT, target);
const dbUrl = await databaseUrl();
const samples = new Map<string, Sample[]>();
for (let round = 0; round < ROUNDS; round++) {
  for (const service of SERVICES) {
    // Alternate which mode goes first, so a warm page cache favours neither.
    const modes: Mode[] = round % 2 === 0 ? ['tsx', 'compiled'] : ['compiled', 'tsx'];
    for (const mode of modes) {
      const key = `${service}|${mode}`;
      samples.set(key, [...(samples.get(key) ?? []), await startOnce(service, mode, dbUrl)]);
    }
  }
}

const rows = SERVICES.map((service) => {
  const of = (mode: Mode) => samples.get(`${service}|${mode}`) ?? [];
  const startTsx = median(of('tsx').map((s) => s.startMs));
  const startBuilt = median(of('compiled').map((s) => s.startMs));
  const rssTsx = median(of('tsx').map((s) => s.rssMb));
  const rssBuilt = median(of('compiled').map((s) => s.rssMb));
  return {
    service,
    'start tsx (ms)': Math.round(startTsx),
    'start compiled (ms)': Math.round(startBuilt),
    'start ratio': (startBuilt / startTsx).toFixed(2),
    'RSS tsx (MB)': rssTsx.toFixed(0),
    'RSS compiled (MB)': rssBuilt.toFixed(0),
  };
});
const [load1] = (await import('node:os')).loadavg();
console.log(
  `start-up to a 200 on /healthz and RSS ${SETTLE_MS / 1000} s later; median of ${ROUNDS} rounds, load average ${load1?.toFixed(1)} at the end`,
);
console.table(rows);
