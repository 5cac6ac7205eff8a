import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { descendants, killIfRunning, type ProcessId } from './processes';
import { freePort } from './ports';

/**
 * `npm start`, exactly as the README runs it, from the repo root, but on free ports, with its own
 * database, Redis prefix, state folder (demo.json), mail outbox and artifact folder: a developer's
 * own `npm start` and other tests on this machine keep running untouched.
 */
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START_TIMEOUT_MS = 180_000;

/** What the launcher writes to demo.json (README "What `npm start` does and prints"). */
const demoSchema = z.object({
  sync_url: z.url(),
  edge_url: z.url(),
  pwa_url: z.url(),
  link_host: z.string().min(1),
  bio_host: z.string().min(1),
  database_url: z.string().min(1),
  redis_url: z.string().min(1),
  email: z.email(),
  password: z.string().min(8),
  workspace_id: z.uuid(),
  api_key: z.string().min(1),
  other: z.object({ workspace_id: z.uuid(), api_key: z.string().min(1) }),
});
export type Demo = z.infer<typeof demoSchema>;

export type Launcher = {
  demo: Demo;
  ports: { sync: number; edge: number; pwa: number; worker: number };
  /** Where the dev mailer writes this stack's mails. */
  outbox: string;
  /** Everything the launcher printed so far. */
  output: () => string;
  /** Every process seen below `npm start` so far (read from /proc again now). */
  tree: () => Promise<ProcessId[]>;
  /** Ctrl-C: SIGINT to the launcher's process group; resolves with its exit once it is gone. */
  interrupt: (timeoutMs: number) => Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Kills whatever is left (only after a failed stop), drops the database and the Redis keys, removes the folder. */
  cleanUp: () => Promise<void>;
};

/** The variables a shell hands `npm start`; vitest's own (NODE_ENV=test, VITEST_*…) are not the product's. */
const PASSED_THROUGH = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'LC_ALL',
  'TERM',
  'TMPDIR',
  'TZ',
  'DATABASE_URL',
  'REDIS_URL',
] as const;

function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of PASSED_THROUGH) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return env;
}

/** `edgePort`: a port chosen beforehand (an ACME server validates against it); `env`: what a user would export before `npm start`. */
export async function startLauncher(
  options: { edgePort?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<Launcher> {
  const state = await mkdtemp(join(tmpdir(), 'linkhub-launcher-e2e-'));
  const ports = {
    sync: await freePort(),
    edge: options.edgePort ?? (await freePort()),
    pwa: await freePort(),
    worker: await freePort(),
  };
  const tag = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const database = `linkhub_e2e_launcher_${tag}`;
  const redisPrefix = `e2e-launcher-${tag}:`;
  const outbox = join(state, 'outbox');
  const env: NodeJS.ProcessEnv = {
    ...baseEnv(),
    ...options.env,
    SYNC_PORT: String(ports.sync),
    EDGE_PORT: String(ports.edge),
    PWA_PORT: String(ports.pwa),
    WORKER_HEALTH_PORT: String(ports.worker),
    LINKHUB_DATABASE: database,
    LINKHUB_STATE_DIR: state,
    REDIS_PREFIX: redisPrefix,
    OUTBOX_DIR: outbox,
    // Worker and sync-server both read it; a private folder so no other stack's sweeper sees our files.
    ARTIFACT_DIR: join(state, 'artifacts'),
  };
  // Its own process group, like a shell's foreground job: Ctrl-C reaches npm, sh and the launcher.
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    if (process.env.LAUNCHER_E2E_DEBUG) process.stderr.write(chunk);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let running = true;
  void exited.then(() => {
    running = false;
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('npm start did not spawn');
  const seen = new Map<string, ProcessId>();
  const remember = (p: ProcessId) => seen.set(`${p.pid}/${p.start}`, p);
  const tree = async () => {
    for (const p of await descendants(pid)) remember(p);
    return [...seen.values()];
  };

  const cleanUp = async () => {
    if (running) {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // gone in between
      }
    }
    for (const p of seen.values()) await killIfRunning(p);
    await dropState({ database, redisPrefix });
    await rm(state, { recursive: true, force: true });
  };

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!output.includes('LinkHub is running:')) {
    if (!running) {
      await cleanUp();
      throw new Error(`npm start exited before it was running:\n${output.slice(-4000)}`);
    }
    if (Date.now() > deadline) {
      await cleanUp();
      throw new Error(
        `npm start did not say "LinkHub is running" within ${START_TIMEOUT_MS / 1000} s:\n${output.slice(-4000)}`,
      );
    }
    await tree();
    await new Promise((r) => setTimeout(r, 250));
  }
  const demo = demoSchema.parse(JSON.parse(await readFile(join(state, 'demo.json'), 'utf8')));
  await tree();
  return {
    demo,
    ports,
    outbox,
    output: () => output,
    tree,
    interrupt: async (timeoutMs) => {
      await tree();
      process.kill(-pid, 'SIGINT');
      const timeout = new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`npm start still running ${timeoutMs} ms after SIGINT`)),
          timeoutMs,
        ).unref(),
      );
      return Promise.race([exited, timeout]);
    },
    cleanUp,
  };
}

/** The database and Redis keys of one run (and those of runs interrupted over an hour ago). */
async function dropState({
  database,
  redisPrefix,
}: {
  database: string;
  redisPrefix: string;
}): Promise<void> {
  const { default: pg } = await import('pg');
  const { Redis } = await import('ioredis');
  const admin = new pg.Client({
    connectionString: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    const stale = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'linkhub_e2e_launcher_%' AND split_part(datname, '_', 4) < $1",
      [(Date.now() - 3_600_000).toString(36)],
    );
    for (const row of stale.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${redisPrefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
