import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../launcher/ports';
import { eventually } from '../launcher/wait';

/**
 * A real PgBouncer (Debian's `pgbouncer`) on loopback in front of a test database
 * (docs/product-rules.md#scale-out), for tests that run LinkHub the way production does: through a pooler in
 * transaction mode, where consecutive transactions of one client may land on different server
 * connections. Each alias in `databases` is a pooler database of its own (own pool, own SHOW
 * STATS row) pointing at an upstream database, so a test can tell which pool a query went
 * through (a primary and a "replica" alias over the same data).
 */
export type PgBouncerOptions = {
  /** A direct URL of the upstream PostgreSQL (user, host, port; its database is the default alias's target). */
  readonly upstreamUrl: string;
  /** Pooler database name → upstream database name. Default: one alias, the upstream database under its own name. */
  readonly databases?: Readonly<Record<string, string>>;
  readonly poolMode?: 'transaction' | 'session' | 'statement';
  /** Server connections per (database, user) pair: small, so client connections must share them. */
  readonly defaultPoolSize?: number;
  readonly maxClientConn?: number;
};

export type PgBouncerHandle = {
  readonly port: number;
  /** A client URL of one alias (default: the first), with the upstream URL's user and password. */
  url(database?: string): string;
  /** PgBouncer ≥ 1.21 keeps named prepared statements in transaction mode (max_prepared_statements). */
  readonly keepsNamedStatements: boolean;
  readonly version: string;
  /** Queries PgBouncer served per alias since start (SHOW STATS, total_query_count). */
  queriesPerDatabase(): Promise<Record<string, number>>;
  stop(): Promise<void>;
};

/** `PgBouncer 1.18.0` → [1, 18]. */
function versionOf(): { text: string; major: number; minor: number } {
  const out = spawnSync('pgbouncer', ['--version'], { encoding: 'utf8' });
  if (out.error || out.status !== 0)
    throw new Error(
      'pgbouncer is not installed (apt-get install -y pgbouncer; .ci/apt-packages.txt lists it)',
    );
  const match = /PgBouncer (\d+)\.(\d+)\.(\d+)/.exec(out.stdout);
  if (!match) throw new Error(`unrecognised pgbouncer --version output: ${out.stdout}`);
  return { text: `${match[1]}.${match[2]}.${match[3]}`, major: Number(match[1]), minor: Number(match[2]) };
}

export function hasPgBouncer(): boolean {
  return spawnSync('pgbouncer', ['--version']).status === 0;
}

/** The pgbouncer.ini for `options` (also what docker/pgbouncer/pgbouncer.ini spells out for the compose topology). */
function configText(options: {
  upstream: URL;
  databases: Readonly<Record<string, string>>;
  port: number;
  folder: string;
  poolMode: string;
  poolSize: number;
  maxClientConn: number;
  keepsNamedStatements: boolean;
}): string {
  const host = options.upstream.hostname;
  const upstreamPort = options.upstream.port || '5432';
  const databaseLines = Object.entries(options.databases).map(
    ([alias, dbname]) => `${alias} = host=${host} port=${upstreamPort} dbname=${dbname}`,
  );
  return [
    '[databases]',
    ...databaseLines,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${options.port}`,
    "unix_socket_dir = ''",
    // Tests run against a trust-authenticated local PostgreSQL; the user must still be listed.
    'auth_type = trust',
    `auth_file = ${path.join(options.folder, 'userlist.txt')}`,
    `admin_users = ${decodeURIComponent(options.upstream.username || 'postgres')}`,
    `pool_mode = ${options.poolMode}`,
    `default_pool_size = ${options.poolSize}`,
    `max_client_conn = ${options.maxClientConn}`,
    // node-postgres sends these at start-up (the edge sets statement_timeout per connection): a
    // transaction pooler cannot keep per-connection settings, so it must ignore them rather than refuse.
    'ignore_startup_parameters = extra_float_digits,statement_timeout',
    ...(options.keepsNamedStatements ? ['max_prepared_statements = 200'] : []),
    'server_reset_query =',
    `logfile = ${path.join(options.folder, 'pgbouncer.log')}`,
    `pidfile = ${path.join(options.folder, 'pgbouncer.pid')}`,
    '',
  ].join('\n');
}

/** Starts PgBouncer and waits until its admin console answers. */
export async function startPgBouncer(options: PgBouncerOptions): Promise<PgBouncerHandle> {
  const version = versionOf();
  const keepsNamedStatements = version.major > 1 || version.minor >= 21;
  const upstream = new URL(options.upstreamUrl);
  const upstreamDb = upstream.pathname.replace(/^\//, '') || 'postgres';
  const databases = options.databases ?? { [upstreamDb]: upstreamDb };
  const aliases = Object.keys(databases);
  const firstAlias = aliases[0];
  if (firstAlias === undefined) throw new Error('startPgBouncer: give at least one database');
  const user = decodeURIComponent(upstream.username || 'postgres');
  const port = await freePort();
  const folder = await mkdtemp(path.join(tmpdir(), 'linkhub-pgbouncer-'));
  // PgBouncer refuses to run as root; as root it is told to drop to the postgres user, who must read and write here.
  const asRoot = process.getuid?.() === 0;
  await chmod(folder, 0o777);
  await writeFile(path.join(folder, 'userlist.txt'), `"${user}" ""\n`, { mode: 0o644 });
  const ini = path.join(folder, 'pgbouncer.ini');
  await writeFile(
    ini,
    configText({
      upstream,
      databases,
      port,
      folder,
      poolMode: options.poolMode ?? 'transaction',
      poolSize: options.defaultPoolSize ?? 4,
      maxClientConn: options.maxClientConn ?? 200,
      keepsNamedStatements,
    }),
    { mode: 0o644 },
  );
  const child: ChildProcess = spawn('pgbouncer', [...(asRoot ? ['-u', 'postgres'] : []), ini], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4_000);
  });

  const clientUrl = (database: string = firstAlias) => {
    const url = new URL(options.upstreamUrl);
    url.hostname = '127.0.0.1';
    url.port = String(port);
    url.pathname = `/${database}`;
    return url.toString();
  };

  async function adminRows(command: string): Promise<Array<Record<string, unknown>>> {
    const admin = new pg.Client({ connectionString: clientUrl('pgbouncer') });
    await admin.connect();
    try {
      // The admin console speaks the simple query protocol only: no parameters.
      return (await admin.query<Record<string, unknown>>(command)).rows;
    } finally {
      await admin.end();
    }
  }

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await rm(folder, { recursive: true, force: true });
  };

  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}): ${stderr}`);
        return adminRows('SHOW VERSION').then(
          () => true,
          () => false,
        );
      },
      (up) => up,
      30_000,
      'pgbouncer accepting connections',
    );
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    port,
    url: clientUrl,
    keepsNamedStatements,
    version: version.text,
    async queriesPerDatabase() {
      const rows = await adminRows('SHOW STATS');
      const counts: Record<string, number> = {};
      for (const row of rows) {
        if (typeof row.database === 'string' && aliases.includes(row.database))
          counts[row.database] = Number(row.total_query_count ?? 0);
      }
      return counts;
    },
    stop,
  };
}
