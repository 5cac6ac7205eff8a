import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import pg from 'pg';
import { Redis } from 'ioredis';
import { stateDir } from './state-dir';

export const STATE_DIR = stateDir();

/** `external`: already running; `system`: a local cluster this process started; `embedded`: PGlite in this process. */
export type ServiceKind = 'external' | 'system' | 'embedded' | 'spawned';
export type Service = {
  url: string;
  kind: ServiceKind;
  startedHere: boolean;
  description: string;
  stop: () => Promise<void>;
};

const noop = async (): Promise<void> => undefined;

export async function canReachPostgres(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function canReachRedis(url: string): Promise<boolean> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 1500,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

function hasCommand(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

async function freePort(preferred: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
    });
  return (await tryPort(preferred)) ?? ((await tryPort(0)) as number);
}

/** The system cluster of a Debian machine, when installed but stopped. */
async function startSystemPostgres(url: string): Promise<boolean> {
  if (!hasCommand('pg_ctlcluster')) return false;
  const versions = spawnSync('sh', ['-c', 'ls /etc/postgresql'], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .filter(Boolean);
  for (const version of versions) {
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'start'], { stdio: 'ignore' });
  }
  return versions.length > 0 && (await waitFor(() => canReachPostgres(url), 15_000));
}

export type PostgresOptions = {
  allowEmbedded: boolean;
  allowSystemStart: boolean;
  /** Default DATABASE_URL, else localhost:5432. */
  url?: string;
  /** Where PGlite keeps its data; default `.linkhub/pglite`. */
  embeddedDataDir?: string;
};

/**
 * DATABASE_URL, else localhost:5432; if unreachable, the Debian cluster (tests) or an embedded
 * PGlite behind a socket (the dev launcher), with its data under .linkhub/pglite.
 */
export async function ensurePostgres(options: PostgresOptions): Promise<Service> {
  const url = options.url ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await canReachPostgres(url))
    return {
      url,
      kind: 'external',
      startedHere: false,
      description: `PostgreSQL at ${redactUrl(url)}`,
      stop: noop,
    };
  if (options.allowSystemStart && (await startSystemPostgres(url))) {
    return {
      url,
      kind: 'system',
      startedHere: true,
      description: 'PostgreSQL (system cluster, started)',
      stop: noop,
    };
  }
  if (!options.allowEmbedded) {
    throw new Error(
      `PostgreSQL is not reachable at ${redactUrl(url)}: install it (apt-get install -y postgresql) or set DATABASE_URL`,
    );
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  // The extensions our migrations CREATE (0001_init: pgcrypto); PGlite bundles them but loads only what it is given.
  const { pgcrypto } = await import('@electric-sql/pglite/contrib/pgcrypto');
  const dataDir = options.embeddedDataDir ?? path.join(STATE_DIR, 'pglite');
  mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir, { extensions: { pgcrypto } });
  const port = await freePort(54329);
  // Every service keeps a pool; PGlite serialises their queries (transaction-aware) behind one socket server.
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 100 });
  await server.start();
  const embeddedUrl = `postgres://postgres@127.0.0.1:${port}/postgres?sslmode=disable`;
  return {
    url: embeddedUrl,
    kind: 'embedded',
    startedHere: true,
    description: `embedded PostgreSQL (PGlite) on 127.0.0.1:${port}, data in ${path.relative(process.cwd(), dataDir) || dataDir} — no PostgreSQL was reachable`,
    stop: async () => {
      await server.stop();
      await db.close();
    },
  };
}

/** REDIS_URL, else localhost:6379; if unreachable and redis-server is on PATH, start one. */
export async function ensureRedis(): Promise<Service> {
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (await canReachRedis(url))
    return {
      url,
      kind: 'external',
      startedHere: false,
      description: `Redis at ${redactUrl(url)}`,
      stop: noop,
    };
  if (!hasCommand('redis-server')) {
    throw new Error(
      `Redis is not reachable at ${redactUrl(url)} and redis-server is not installed: apt-get install -y redis-server (or set REDIS_URL)`,
    );
  }
  const port = Number(new URL(url).port || 6379);
  const child: ChildProcess = spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--maxmemory-policy',
      'noeviction',
    ],
    { stdio: 'ignore' },
  );
  if (!(await waitFor(() => canReachRedis(url), 10_000)))
    throw new Error(`redis-server did not come up on port ${port}`);
  return {
    url,
    kind: 'spawned',
    startedHere: true,
    description: `Redis (redis-server started on port ${port})`,
    stop: async () => {
      child.kill('SIGTERM');
    },
  };
}

export function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
