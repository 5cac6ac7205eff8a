import { existsSync } from 'node:fs';
import path from 'node:path';
import { migrate } from '../shared/src/db/migrate';
import { startChild, waitForHttp, type Child } from './lib/children';
import { ensureDatabase } from './lib/database';
import { DEMO_FILE, readDemoFile, writeDemoFile } from './lib/demo-file';
import { devUrls, readDevEnv } from './lib/dev-config';
import { ensurePostgres, ensureRedis, redactUrl, type Service } from './lib/infra';
import { isPortFree } from './lib/ports';
import { seedDemo } from './lib/seed-demo';

/**
 * `npm start` (DESIGN §2): PostgreSQL and Redis (found or started), migrations, the demo seed,
 * then sync-server, edge, worker and the PWA dev server, each waited for; Ctrl-C stops it all.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const env = readDevEnv();
const urls = devUrls(env);
const say = (line: string) => process.stdout.write(`[linkhub] ${line}\n`);

const infra: Service[] = [];
const children: Child[] = [];
let stopping = false;

async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (children.length > 0) say('stopping services…');
    await Promise.all(children.map((child) => child.stop()));
    for (const service of infra.reverse()) {
      if (service.startedHere) say(`stopping ${service.description.split(' (')[0] ?? 'service'}`);
      await service.stop().catch(() => undefined);
    }
  }
  process.exit(code);
}

function fail(message: string): Promise<never> {
  process.stderr.write(`[linkhub] ${message}\n`);
  return stopAll(1);
}

process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
process.on('SIGHUP', () => void stopAll(0));
// npm does not pass SIGTERM on to its script: when `npm start` is killed, this process is
// re-parented, and that is the signal to stop everything too.
const parentAtStart = process.ppid;
setInterval(() => {
  if (process.ppid !== parentAtStart) void stopAll(0);
}, 500).unref();

const SERVICES = [
  {
    name: 'sync',
    pkg: 'sync-server',
    port: env.SYNC_PORT,
    health: `${urls.sync_url}/healthz`,
    portVar: 'SYNC_PORT',
  },
  {
    name: 'edge',
    pkg: 'edge',
    port: env.EDGE_PORT,
    health: `${urls.edge_url}/healthz`,
    portVar: 'EDGE_PORT',
  },
  {
    name: 'worker',
    pkg: 'worker',
    port: env.WORKER_HEALTH_PORT,
    health: `${urls.worker_health_url}/healthz`,
    portVar: 'WORKER_HEALTH_PORT',
  },
  { name: 'pwa', pkg: 'pwa', port: env.PWA_PORT, health: `${urls.pwa_url}/`, portVar: 'PWA_PORT' },
] as const;

async function main(): Promise<void> {
  say('starting LinkHub (dev)');
  for (const service of SERVICES) {
    if (!(await isPortFree(service.port)))
      return fail(
        `port ${service.port} (${service.pkg}) is in use: stop what holds it or set ${service.portVar}`,
      );
  }

  const postgres = await ensurePostgres({ allowEmbedded: true, allowSystemStart: false }).catch(
    (e: unknown) => fail(String(e)),
  );
  infra.push(postgres);
  say(`PostgreSQL: ${postgres.description}`);
  const redis = await ensureRedis().catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
  infra.push(redis);
  say(`Redis: ${redis.description}`);

  // PGlite has exactly one database; a real server gets its own `linkhub` database.
  let databaseUrl = postgres.url;
  if (postgres.kind !== 'embedded') {
    const db = await ensureDatabase(postgres.url, env.LINKHUB_DATABASE);
    databaseUrl = db.url;
    say(`database ${env.LINKHUB_DATABASE}: ${db.created ? 'created' : 'exists'}`);
  }
  try {
    const result = await migrate(databaseUrl);
    say(`migrations: ${result.applied.length} applied, ${result.alreadyApplied} already in place`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const hint =
      postgres.kind === 'embedded'
        ? ' (on the embedded PGlite database: install PostgreSQL, apt-get install -y postgresql, or set DATABASE_URL)'
        : '';
    return fail(`${reason}${hint}`);
  }
  const seeded = await seedDemo(
    databaseUrl,
    { linkHost: env.LINK_HOST, bioHost: env.BIO_HOST },
    readDemoFile(),
  );
  say(seeded.created ? 'seeded the demo workspace (first run)' : 'demo data already present');

  const serviceEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    // The embedded database is a different dataset: keep its edge cache and queues apart in a shared Redis.
    REDIS_PREFIX: process.env.REDIS_PREFIX ?? (postgres.kind === 'embedded' ? 'pglite:' : ''),
    LINK_HOST: env.LINK_HOST,
    BIO_HOST: env.BIO_HOST,
    PUBLIC_SYNC_URL: urls.sync_url,
    PUBLIC_EDGE_URL: urls.edge_url,
    PUBLIC_PWA_URL: urls.pwa_url,
    WORKER_HEALTH_PORT: String(env.WORKER_HEALTH_PORT),
  };
  const started: Array<{ service: (typeof SERVICES)[number]; child: Child }> = [];
  for (const service of SERVICES) {
    if (service.pkg === 'edge' && !existsSync(path.join(ROOT, 'edge/src/main.ts'))) {
      say('warning: edge/src/main.ts does not exist yet; starting without the edge');
      continue;
    }
    const child = startChild(
      service.name,
      'npm',
      ['run', 'start', '--silent', '-w', service.pkg],
      { ...serviceEnv, PORT: String(service.port), PWA_PORT: String(env.PWA_PORT) },
      ROOT,
    );
    children.push(child);
    started.push({ service, child });
  }
  const health = await Promise.all(
    started.map(async ({ service, child }) => ({
      service,
      child,
      result: await waitForHttp(service.health, child, 90_000),
    })),
  );
  const broken = health.filter((h) => !h.result.ok);
  if (broken.length > 0) {
    const lines = broken.map((h) => `${h.service.pkg}: ${h.result.ok ? '' : h.result.reason}`);
    return fail(`not every service came up:\n  ${lines.join('\n  ')}`);
  }

  writeDemoFile({
    sync_url: urls.sync_url,
    edge_url: urls.edge_url,
    pwa_url: urls.pwa_url,
    link_host: env.LINK_HOST,
    bio_host: env.BIO_HOST,
    database_url: databaseUrl,
    redis_url: redis.url,
    email: seeded.email,
    password: seeded.password,
    workspace_id: seeded.workspace_id,
    api_key: seeded.api_key,
    other: seeded.other,
  });

  const running = new Set(started.map((s) => s.service.pkg));
  const row = (label: string, value: string) => `  ${label.padEnd(14)} ${value}`;
  process.stdout.write(
    [
      '',
      'LinkHub is running:',
      row('editor (PWA)', urls.pwa_url),
      row('sync-server', `${urls.sync_url}  (API /v1, built PWA when pwa/dist exists)`),
      row(
        'edge',
        running.has('edge')
          ? `${urls.edge_url}  (links: http://${env.LINK_HOST}:${env.EDGE_PORT}/docs, bio: http://${env.BIO_HOST}:${env.EDGE_PORT}/demo)`
          : 'not started (edge/src/main.ts missing)',
      ),
      row('worker', `${urls.worker_health_url}/healthz`),
      row(
        'PostgreSQL',
        `${redactUrl(databaseUrl)}${postgres.kind === 'embedded' ? '  (embedded PGlite: no PostgreSQL was reachable)' : ''}`,
      ),
      row('Redis', redactUrl(redis.url)),
      '',
      row('demo login', `${seeded.email} / ${seeded.password}`),
      row('demo.json', path.relative(ROOT, DEMO_FILE)),
      '',
      'Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );

  // A service that dies later takes the stack down with a clear line, rather than half-running.
  for (const { service, child } of started) {
    void child.exited.then((code) => {
      if (!stopping) void fail(`${service.pkg} exited (code ${code ?? 'signal'}); stopping the rest`);
    });
  }
}

void main().catch((error: unknown) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
