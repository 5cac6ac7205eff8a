import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from '../launcher/ports';
import { eventually } from '../launcher/wait';

/**
 * A real Redis Cluster on loopback for tests: `masters` masters with `replicasPerMaster`
 * replicas each, every node a `redis-server --cluster-enabled yes` in its own folder under a temp
 * directory, joined by `redis-cli --cluster create`. noeviction, no persistence to disk but the
 * cluster's own nodes.conf (kept, so a stopped node restarts with its identity and rejoins).
 */
export type ClusterNodeRow = {
  id: string;
  port: number;
  role: 'master' | 'replica';
  /** For a replica, its master's id; for a master, null. */
  masterId: string | null;
  failed: boolean;
};

export type RedisClusterHandle = {
  /** `redis+cluster://127.0.0.1:p1,…` (the masters at start-up as seeds), the shape LinkHub reads (D-360). */
  readonly url: string;
  readonly ports: readonly number[];
  /** The cluster as a live node sees it. */
  nodes(): Promise<ClusterNodeRow[]>;
  /** SIGKILLs the master on `port` and waits until one of its replicas has taken its slots over. */
  crashMaster(port: number): Promise<ClusterNodeRow>;
  /** Starts a stopped node again (same folder, same identity); it rejoins as a replica. */
  restart(port: number): Promise<void>;
  /** A coordinated failover (`CLUSTER FAILOVER` on a replica of the master on `port`): no write lost. */
  manualFailover(port: number): Promise<ClusterNodeRow>;
  /** The port of the master serving `key`'s slot now. */
  masterPortFor(key: string): Promise<number>;
  /** True when every live node says cluster_state:ok. */
  healthy(): Promise<boolean>;
  stop(): Promise<void>;
};

/** Cluster-node timeout: how long a silent master stays a master (short, so tests fail over in ~1-2 s). */
const NODE_TIMEOUT_MS = 1_000;

function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version']).status === 0;
}

async function client(port: number): Promise<Redis> {
  const redis = new Redis(port, '127.0.0.1', {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    enableOfflineQueue: false,
    connectTimeout: 1_000,
  });
  redis.on('error', () => undefined);
  await redis.connect();
  return redis;
}

async function ask<T>(port: number, run: (redis: Redis) => Promise<T>): Promise<T | null> {
  let redis: Redis | null = null;
  try {
    redis = await client(port);
    return await run(redis);
  } catch {
    return null;
  } finally {
    redis?.disconnect();
  }
}

function parseNodes(text: string): ClusterNodeRow[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const [id = '', address = '', flags = '', master = '-'] = line.split(' ');
      const port = Number(address.split('@')[0]?.split(':').at(-1));
      const flagList = flags.split(',');
      return {
        id,
        port,
        role: flagList.includes('master') ? 'master' : 'replica',
        masterId: master === '-' ? null : master,
        failed: flagList.includes('fail') || flagList.includes('fail?') || flagList.includes('noaddr'),
      };
    });
}

export async function startRedisCluster(
  options: { masters?: number; replicasPerMaster?: number } = {},
): Promise<RedisClusterHandle> {
  if (!hasRedisServer()) throw new Error('redis-server is not on PATH (apt-get install redis-server)');
  const masters = options.masters ?? 3;
  const replicas = options.replicasPerMaster ?? 1;
  const root = await mkdtemp(path.join(tmpdir(), 'linkhub-redis-cluster-'));
  const ports: number[] = [];
  // Cluster bus = port + 10000: both must be free.
  while (ports.length < masters * (1 + replicas)) {
    const port = await freePort();
    if (port + 10_000 <= 65_535 && !ports.includes(port)) ports.push(port);
  }
  const running = new Map<number, ChildProcess>();

  function launch(port: number): void {
    const dir = path.join(root, String(port));
    spawnSync('mkdir', ['-p', dir]);
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--cluster-enabled',
        'yes',
        '--cluster-config-file',
        'nodes.conf',
        '--cluster-node-timeout',
        String(NODE_TIMEOUT_MS),
        '--save',
        '',
        '--appendonly',
        'no',
        '--maxmemory-policy',
        'noeviction',
        // A replica syncs at once (the default waits 5 s for more replicas before a diskless transfer).
        '--repl-diskless-sync-delay',
        '0',
      ],
      { stdio: 'ignore' },
    );
    running.set(port, child);
    child.once('exit', () => {
      if (running.get(port) === child) running.delete(port);
    });
  }

  async function livePorts(): Promise<number[]> {
    return ports.filter((port) => running.has(port));
  }

  async function nodes(): Promise<ClusterNodeRow[]> {
    for (const port of await livePorts()) {
      const text = await ask(port, (r) => r.call('CLUSTER', 'NODES') as Promise<string>);
      if (text !== null) return parseNodes(text);
    }
    throw new Error('no cluster node answers');
  }

  /** Every live replica has its replication link up: it holds its master's data and can take over. */
  async function replicasInSync(): Promise<boolean> {
    const rows = await nodes();
    const replicas = rows.filter((r) => r.role === 'replica' && running.has(r.port));
    const links = await Promise.all(replicas.map((r) => ask(r.port, (c) => c.info('replication'))));
    return links.every((info) => info?.includes('master_link_status:up') === true);
  }

  async function healthy(): Promise<boolean> {
    const live = await livePorts();
    const states = await Promise.all(
      live.map((port) => ask(port, (r) => r.call('CLUSTER', 'INFO') as Promise<string>)),
    );
    return states.every((info) => info?.includes('cluster_state:ok') === true);
  }

  async function stop(): Promise<void> {
    const children = [...running.values()];
    running.clear();
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
      ),
    );
    await rm(root, { recursive: true, force: true });
  }

  try {
    for (const port of ports) launch(port);
    await eventually(
      async () => (await Promise.all(ports.map((p) => ask(p, (r) => r.ping())))).every((x) => x === 'PONG'),
      (up) => up,
      20_000,
      'redis cluster nodes answering',
    );
    const create = spawnSync(
      'redis-cli',
      [
        '--cluster',
        'create',
        ...ports.map((p) => `127.0.0.1:${p}`),
        '--cluster-replicas',
        String(replicas),
        '--cluster-yes',
      ],
      { encoding: 'utf8', timeout: 60_000 },
    );
    if (create.status !== 0)
      throw new Error(`redis-cli --cluster create failed: ${create.stdout}${create.stderr}`);
    await eventually(healthy, (ok) => ok, 30_000, 'cluster_state:ok on every node');
    await eventually(
      nodes,
      (rows) => rows.filter((r) => r.role === 'replica' && r.masterId !== null).length === masters * replicas,
      30_000,
      'every replica attached',
    );
    await eventually(replicasInSync, (ok) => ok, 30_000, 'every replica in sync with its master');
  } catch (error) {
    await stop();
    throw error;
  }

  async function promotedReplicaOf(masterId: string, replicaIds: readonly string[]): Promise<ClusterNodeRow> {
    const rows = await eventually(
      nodes,
      (list) => list.some((r) => replicaIds.includes(r.id) && r.role === 'master' && !r.failed),
      30_000,
      `a replica of ${masterId} promoted`,
    );
    await eventually(healthy, (ok) => ok, 30_000, 'cluster_state:ok after failover');
    const promoted = rows.find((r) => replicaIds.includes(r.id) && r.role === 'master');
    if (promoted === undefined) throw new Error('promoted replica vanished');
    return promoted;
  }

  return {
    url: `redis+cluster://${ports
      .slice(0, masters)
      .map((p) => `127.0.0.1:${p}`)
      .join(',')}`,
    ports,
    nodes,
    healthy,
    stop,
    async crashMaster(port) {
      // A crash is survivable only with a live, in-sync replica to promote: after an earlier failover
      // the node that came back may still be attaching as one, so wait for it rather than crash a
      // master nobody can replace.
      const rows = await eventually(
        nodes,
        (list) => {
          const master = list.find((r) => r.port === port && r.role === 'master');
          return master !== undefined && list.some((r) => r.masterId === master.id && !r.failed);
        },
        30_000,
        `a live replica of the master on ${port}`,
      );
      await eventually(replicasInSync, (ok) => ok, 30_000, 'every replica in sync before the crash');
      const master = rows.find((r) => r.port === port && r.role === 'master');
      if (master === undefined) throw new Error(`no master on port ${port}`);
      const replicaIds = rows.filter((r) => r.masterId === master.id && !r.failed).map((r) => r.id);
      running.get(port)?.kill('SIGKILL');
      running.delete(port);
      return promotedReplicaOf(master.id, replicaIds);
    },
    async masterPortFor(key) {
      for (const port of await livePorts()) {
        const found = await ask(port, async (r) => {
          const slot = Number(await r.call('CLUSTER', 'KEYSLOT', key));
          const ranges = (await r.call('CLUSTER', 'SLOTS')) as Array<[number, number, [string, number]]>;
          const range = ranges.find(([from, to]) => slot >= from && slot <= to);
          return range === undefined ? null : range[2][1];
        });
        if (found !== null) return found;
      }
      throw new Error(`no master serves ${key}`);
    },
    async restart(port) {
      if (running.has(port)) return;
      launch(port);
      await eventually(
        () => ask(port, (r) => r.ping()),
        (pong) => pong === 'PONG',
        20_000,
        `node ${port} back`,
      );
      // It comes back a master of no slots (its replica took them over) and turns replica by gossip,
      // which a loaded machine can leave undone: then say so, as an operator would, to the master
      // that has no live replica (the one promoted in its place).
      await eventually(
        async () => {
          const own = await ask(port, (r) => r.call('CLUSTER', 'NODES') as Promise<string>);
          const view = own === null ? [] : parseNodes(own);
          if (view.find((r) => r.port === port)?.role === 'replica') return true;
          const orphan = view.find(
            (m) =>
              m.role === 'master' &&
              !m.failed &&
              m.port !== port &&
              !view.some((r) => r.masterId === m.id && !r.failed),
          );
          if (orphan !== undefined) await ask(port, (r) => r.call('CLUSTER', 'REPLICATE', orphan.id));
          return false;
        },
        (isReplica) => isReplica,
        30_000,
        `node ${port} back as a replica`,
      );
      await eventually(healthy, (ok) => ok, 30_000, 'cluster_state:ok after restart');
      await eventually(replicasInSync, (ok) => ok, 30_000, 'the restarted node in sync as a replica');
    },
    async manualFailover(port) {
      const rows = await nodes();
      const master = rows.find((r) => r.port === port && r.role === 'master');
      const replica = rows.find((r) => master !== undefined && r.masterId === master.id && !r.failed);
      if (master === undefined || replica === undefined)
        throw new Error(`no master with a replica on ${port}`);
      const answer = await ask(replica.port, (r) => r.call('CLUSTER', 'FAILOVER') as Promise<string>);
      if (answer !== 'OK') throw new Error(`CLUSTER FAILOVER on ${replica.port} answered ${String(answer)}`);
      return promotedReplicaOf(master.id, [replica.id]);
    },
  };
}
