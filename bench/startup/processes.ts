import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pg from 'pg';
import { migrate } from '@linkhub/shared/server/db/migrate';
import { SERVICE_ENTRIES, type ServiceName } from '../../scripts/build/entries';

/** What bench/startup compares: a service run from source under tsx, or its compiled bundle under plain node. */
export type Mode = 'tsx' | 'compiled';
export const MODES: readonly Mode[] = ['tsx', 'compiled'];

export const ROOT = path.resolve(import.meta.dirname, '../..');
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export { freeLocalPort as freePort } from '@linkhub/shared/server/net/free-port';

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb === undefined ? Number.NaN : Number(kb) / 1024;
}

/** CPU time (user + system) a process has used so far, in ms (clock ticks are 100 Hz on Linux). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A new, migrated database of that name (dropped first if a previous run left it). */
export async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await migrate(url.toString());
  return url.toString();
}

export async function dropDatabase(name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** `node --import tsx <service>/src/main.ts` (the process `npm start` runs) or `node <service>/dist/main.js`. */
export function nodeArgs(service: ServiceName, mode: Mode): string[] {
  return mode === 'compiled'
    ? [SERVICE_ENTRIES[service]]
    : ['--import', 'tsx', SERVICE_ENTRIES[service].replace('/dist/main.js', '/src/main.ts')];
}

export type Started = { child: ChildProcess; stderr: () => string };

export function startService(
  service: ServiceName,
  mode: Mode,
  env: NodeJS.ProcessEnv,
  cpu?: string,
): Started {
  const args = nodeArgs(service, mode);
  const [command, argv] =
    cpu === undefined ? [process.execPath, args] : ['taskset', ['-c', cpu, process.execPath, ...args]];
  const child = spawn(command, argv, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: mode === 'compiled' ? 'production' : 'development', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-2_000);
  });
  return { child, stderr: () => stderr };
}

export async function waitHealthy(url: string, started: Started): Promise<void> {
  for (;;) {
    if (started.child.exitCode !== null) throw new Error(`${url}: the service exited:\n${started.stderr()}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(1_000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) return;
    await sleep(20);
  }
}

export async function stopService(started: Started): Promise<void> {
  const { child } = started;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
}

/** Deletes every key a bench's services wrote under `prefix` (BullMQ's keys are `{<prefix>bull}…`). */
export async function clearRedisPrefix(prefix: string): Promise<void> {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  try {
    for (const pattern of [`${prefix}*`, `{${prefix}*`]) {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    }
  } finally {
    redis.disconnect();
  }
}
