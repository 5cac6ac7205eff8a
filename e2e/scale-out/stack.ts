import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@linkhub/shared/server/db/testing';
import { buildTarget } from '../../scripts/build/build-services';
import { SERVICE_ENTRIES } from '../../scripts/build/entries';
import { seedDemo, type SeedResult } from '../../scripts/lib/seed-demo';
import { startPgBouncer, type PgBouncerHandle } from '../support/pgbouncer';
import { startRedisCluster, type RedisClusterHandle } from '../support/redis-cluster';
import { freePort } from '../launcher/ports';
import { eventually } from '../launcher/wait';

/** A loopback port the OS gave us, kept listening until `release`. */
async function holdFreePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return { port, release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * The scale-out topology as processes on this machine (docker/compose.yml describes the
 * same one): HAProxy (e2e/scale-out/haproxy.cfg) → 2 edges and 2 sync-servers, 2 workers, all the
 * compiled entry points (`node <service>/dist/main.js`, NODE_ENV=production) on PostgreSQL through
 * PgBouncer in transaction mode, and a Redis Cluster (3 masters + 3 replicas) for both Redis roles.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const HAPROXY_CFG = path.join(ROOT, 'e2e/scale-out/haproxy.cfg');
export const LINK_HOST = 'lnk.localhost';
export const BIO_HOST = 'bio.localhost';

export type ServiceKind = 'edge' | 'sync-server' | 'worker';

export type Instance = {
  readonly name: string;
  readonly kind: ServiceKind;
  /** The port /healthz answers on (PORT, or WORKER_HEALTH_PORT for a worker). */
  readonly port: number;
  readonly url: string;
  running(): boolean;
};

export type ScaleOutStack = {
  /** HAProxy's front doors. */
  readonly edgeUrl: string;
  readonly syncUrl: string;
  readonly edges: readonly Instance[];
  readonly syncs: readonly Instance[];
  readonly workers: readonly Instance[];
  readonly cluster: RedisClusterHandle;
  readonly seed: SeedResult;
  readonly prefix: string;
  /** Direct SQL on the test database (not through the pooler): what is stored. */
  sql<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]>;
  /** Stops one instance (SIGTERM: a rolling deploy or a scale-in; SIGKILL: a crash) and waits for it to exit. */
  kill(instance: Instance, signal: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts a stopped instance again with its own settings and waits for its /healthz. */
  restart(instance: Instance): Promise<void>;
  /** Waits until HAProxy sends traffic to every running edge and sync-server again. */
  balanced(): Promise<void>;
  /** The last lines each service logged (for a failure message). */
  logs(): Promise<string>;
  stop(): Promise<void>;
};

type Managed = Instance & { env: Record<string, string>; child: ChildProcess | null; log: string };

async function healthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.status === 200;
  } catch {
    return false;
  }
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startScaleOutStack(): Promise<ScaleOutStack> {
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
  };
  try {
    // The production entry points, compiled from the current sources.
    for (const target of ['edge', 'sync-server', 'worker'] as const) await buildTarget(ROOT, target);
    const folder = await mkdtemp(path.join(tmpdir(), 'linkhub-scale-out-'));
    cleanups.push(() => rm(folder, { recursive: true, force: true }));
    const database: TestDatabase = await createTestDatabase();
    cleanups.push(() => database.drop());
    const direct = new pg.Pool({ connectionString: database.url, max: 3 });
    direct.on('error', () => undefined);
    cleanups.push(() => direct.end());
    const pooler: PgBouncerHandle = await startPgBouncer({
      upstreamUrl: database.url,
      defaultPoolSize: 12,
      maxClientConn: 400,
    });
    cleanups.push(() => pooler.stop());
    const cluster = await startRedisCluster({ masters: 3, replicasPerMaster: 1 });
    cleanups.push(() => cluster.stop());
    const seed = await seedDemo(database.url, { linkHost: LINK_HOST, bioHost: BIO_HOST }, null);
    const prefix = testRedisPrefix();

    // HAProxy binds these only after every instance is up (a minute on a busy machine): until then the
    // ports stay held here, so another test's free-port pick cannot take them in between.
    const held = [await holdFreePort(), await holdFreePort(), await holdFreePort()];
    const [edgePort, syncPort, statsPort] = held.map((h) => h.port);
    const edgeUrl = `http://127.0.0.1:${edgePort}`;
    const syncUrl = `http://127.0.0.1:${syncPort}`;
    const common = {
      NODE_ENV: 'production',
      DATABASE_URL: pooler.url(),
      DATABASE_PREPARED_STATEMENTS: pooler.keepsNamedStatements ? 'named' : 'unnamed',
      DATABASE_POOL_MAX: '6',
      REDIS_URL: cluster.url,
      REDIS_PREFIX: prefix,
      LOG_LEVEL: 'warn',
      AUTH_SECRET: randomBytes(24).toString('hex'),
      // One click id key for every edge, sync-server and worker, as compose gives them (D-491).
      CLICK_ID_KEY: `k1:${randomBytes(24).toString('hex')}`,
      LINK_HOST,
      BIO_HOST,
      ARTIFACT_DIR: path.join(folder, 'artifacts'),
      OUTBOX_DIR: path.join(folder, 'outbox'),
      PUBLIC_SYNC_URL: syncUrl,
      PUBLIC_EDGE_URL: edgeUrl,
    };
    const instances: Managed[] = [];
    async function define(kind: ServiceKind, name: string): Promise<Managed> {
      const port = await freePort();
      const metricsPort = await freePort();
      const env: Record<string, string> = {
        ...common,
        METRICS_PORT: String(metricsPort),
        ...(kind === 'worker' ? { WORKER_HEALTH_PORT: String(port) } : { PORT: String(port) }),
      };
      let child: ChildProcess | null = null;
      const managed: Managed = {
        name,
        kind,
        port,
        url: `http://127.0.0.1:${port}`,
        env,
        log: path.join(folder, `${name}.log`),
        get child() {
          return child;
        },
        set child(value) {
          child = value;
        },
        running: () => child !== null && child.exitCode === null && child.signalCode === null,
      };
      instances.push(managed);
      return managed;
    }
    const edges = [await define('edge', 'edge1'), await define('edge', 'edge2')];
    const syncs = [await define('sync-server', 'sync1'), await define('sync-server', 'sync2')];
    const workers = [await define('worker', 'worker1'), await define('worker', 'worker2')];

    async function launch(instance: Managed): Promise<void> {
      const log = createWriteStream(instance.log, { flags: 'a' });
      const child = spawn(process.execPath, [path.join(ROOT, SERVICE_ENTRIES[instance.kind])], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', ...instance.env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.pipe(log);
      child.stderr?.pipe(log);
      instance.child = child;
      await eventually(
        async () =>
          instance.running() ? healthy(instance.url) : Promise.reject(new Error(`${instance.name} exited`)),
        (ok) => ok,
        // A restart after SIGKILL at a load average near 17 once needed more than 60 s on two shared cores.
        120_000,
        `${instance.name} /healthz`,
      );
    }
    cleanups.push(async () => {
      for (const instance of instances) instance.child?.kill('SIGKILL');
      await Promise.all(instances.map((i) => (i.child ? exited(i.child) : undefined)));
    });
    // One at a time: several processes compiling and connecting at once on two busy cores time out.
    for (const instance of [...syncs, ...edges, ...workers]) await launch(instance);

    await Promise.all(held.map((h) => h.release()));
    const haproxy = spawn('haproxy', ['-db', '-f', HAPROXY_CFG], {
      env: {
        PATH: process.env.PATH ?? '',
        LH_EDGE_BIND: `127.0.0.1:${edgePort}`,
        LH_SYNC_BIND: `127.0.0.1:${syncPort}`,
        LH_STATS_BIND: `127.0.0.1:${statsPort}`,
        LH_EDGE_1: `127.0.0.1:${edges[0]?.port}`,
        LH_EDGE_2: `127.0.0.1:${edges[1]?.port}`,
        LH_SYNC_1: `127.0.0.1:${syncs[0]?.port}`,
        LH_SYNC_2: `127.0.0.1:${syncs[1]?.port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let haproxyErrors = '';
    const keep = (chunk: Buffer) => {
      haproxyErrors = (haproxyErrors + chunk.toString()).slice(-20_000);
    };
    haproxy.stdout?.on('data', keep);
    haproxy.stderr?.on('data', keep);
    haproxy.once('exit', (code, signal) => keep(Buffer.from(`haproxy exited (${code ?? signal})\n`)));
    cleanups.push(async () => {
      haproxy.kill('SIGKILL');
      await exited(haproxy);
    });

    /** HAProxy's view of each server: `backend,server,status` rows from its stats CSV. */
    async function serverStates(): Promise<Map<string, string>> {
      const text = await fetch(`http://127.0.0.1:${statsPort}/;csv`, { signal: AbortSignal.timeout(5_000) })
        .then((r) => r.text())
        .catch((error: unknown) => `stats unreachable: ${String(error)}`);
      const states = new Map<string, string>();
      if (text.startsWith('stats unreachable')) states.set('error', text);
      for (const line of text.split('\n')) {
        const [backend, server, ...rest] = line.split(',');
        if (backend === 'edges' || backend === 'syncs') states.set(`${server}`, rest[15] ?? '');
      }
      return states;
    }
    async function balanced(): Promise<void> {
      try {
        await eventually(
          serverStates,
          (states) =>
            [...edges, ...syncs].every((i) => !i.running() || states.get(i.name)?.startsWith('UP') === true),
          30_000,
          'HAProxy sees every running instance UP',
        );
      } catch (error) {
        throw new Error(`${String(error)}\n${haproxyErrors}`, { cause: error });
      }
    }
    await balanced();

    return {
      edgeUrl,
      syncUrl,
      edges,
      syncs,
      workers,
      cluster,
      seed,
      prefix,
      sql: async (text, values = []) => (await direct.query(text, values)).rows,
      async kill(instance, signal) {
        const child = instances.find((i) => i.name === instance.name)?.child;
        if (!child) return;
        child.kill(signal);
        await exited(child);
      },
      async restart(instance) {
        const managed = instances.find((i) => i.name === instance.name);
        if (!managed || managed.running()) return;
        await launch(managed);
      },
      balanced,
      async logs() {
        const parts = await Promise.all(
          instances.map(async (i) => {
            const text = await readFile(i.log, 'utf8').catch(() => '');
            return `--- ${i.name}\n${text.split('\n').slice(-15).join('\n')}`;
          }),
        );
        return `${parts.join('\n')}\n--- haproxy\n${haproxyErrors}`;
      },
      stop: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
