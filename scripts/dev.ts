import { existsSync } from 'node:fs';
import path from 'node:path';
import { migrate } from '@linkhub/shared/server/db/migrate';
import { outboxLocation } from '@linkhub/shared/server/mail/outbox-location';
import { startChild, waitForHttp } from './lib/children';
import { ensureDatabase } from './lib/database';
import { DEMO_FILE, readDemoFile, writeDemoFile } from './lib/demo-file';
import { devUrls, readDevEnv } from './lib/dev-config';
import { ensurePostgres, ensureRedis, redactUrl, type Service } from './lib/infra';
import { isPortFree } from './lib/ports';
import { buildPwa, pwaBuildIsCurrent } from './lib/pwa-build';
import { seedDemo } from './lib/seed-demo';
import { supervise, type Supervised } from './lib/supervisor';

/**
 * `npm start` (docs/product-rules.md#running): PostgreSQL and Redis (found or started), migrations, the demo seed, the
 * PWA built (when its sources changed), then sync-server (API and the built PWA on one origin, with
 * its service worker), edge and worker, each waited for and kept running (a crashed one is
 * restarted); only Ctrl-C stops it all. `npm run dev` (`--dev`) adds the Vite dev server with hot
 * reload and opens the editor there instead.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const MODE = process.argv.includes('--dev') ? 'dev' : 'product';
/** `npm run serve` (`--compiled`): the same start-up, each service run from its build (`npm run serve -w <pkg>`, no tsx). */
const COMPILED = MODE === 'product' && process.argv.includes('--compiled');
const env = readDevEnv();
const urls = devUrls(env, MODE);
const say = (line: string) => process.stdout.write(`[linkhub] ${line}\n`);

const infra: Service[] = [];
const children: Supervised[] = [];
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
type ServiceSpec = (typeof SERVICES)[number];
/** The Vite dev server runs only under `npm run dev`; `npm start` serves the build from sync-server. */
const ACTIVE: readonly ServiceSpec[] = SERVICES.filter((s) => MODE === 'dev' || s.pkg !== 'pwa');

/** Start-up waits this long for a service's /healthz; a crash meanwhile is restarted by its supervisor. */
const STARTUP_TIMEOUT_MS = 90_000;

async function waitUntilUp(
  service: ServiceSpec,
  supervised: Supervised,
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let result = await waitForHttp(service.health, supervised.current(), STARTUP_TIMEOUT_MS);
  while (
    !result.ok &&
    result.reason === 'exited during start-up' &&
    supervised.restarts() < 3 &&
    Date.now() < deadline
  ) {
    await supervised.nextStart();
    result = await waitForHttp(service.health, supervised.current(), Math.max(1_000, deadline - Date.now()));
  }
  if (!result.ok && result.reason === 'exited during start-up') {
    const last = supervised.current().recentLines().slice(-8).join('\n    ');
    return { ok: false, reason: `kept exiting during start-up; last lines:\n    ${last}` };
  }
  return result;
}

async function main(): Promise<void> {
  say(MODE === 'dev' ? 'starting LinkHub (dev: Vite with hot reload)' : 'starting LinkHub');
  if (COMPILED) {
    const unbuilt = ACTIVE.filter((s) => !existsSync(path.join(ROOT, s.pkg, 'dist/main.js')));
    if (unbuilt.length > 0)
      return fail(`not built: ${unbuilt.map((s) => s.pkg).join(', ')}; run \`npm run build\` first`);
  }
  for (const service of ACTIVE) {
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
  // Written at once (not after the services are up), so the next run finds and keeps these credentials.
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

  if (MODE === 'product') {
    if (pwaBuildIsCurrent(ROOT)) say('PWA build is up to date (pwa/dist)');
    else {
      say('building the PWA (vite build)…');
      if ((await buildPwa(ROOT, say)) !== 0)
        return fail(
          'the PWA build failed (output above); fix it, or run `npm run dev` for the Vite dev server',
        );
      say('PWA built into pwa/dist');
    }
  }

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
  const started: Array<{ service: ServiceSpec; supervised: Supervised }> = [];
  for (const service of ACTIVE) {
    if (service.pkg === 'edge' && !existsSync(path.join(ROOT, 'edge/src/main.ts'))) {
      say('warning: edge/src/main.ts does not exist yet; starting without the edge');
      continue;
    }
    const supervised = supervise(
      service.name,
      () =>
        startChild(
          service.name,
          'npm',
          ['run', COMPILED ? 'serve' : 'start', '--silent', '-w', service.pkg],
          { ...serviceEnv, PORT: String(service.port), PWA_PORT: String(env.PWA_PORT) },
          ROOT,
        ),
      say,
    );
    children.push(supervised);
    started.push({ service, supervised });
  }
  const health = await Promise.all(
    started.map(async ({ service, supervised }) => ({
      service,
      result: await waitUntilUp(service, supervised),
    })),
  );
  const broken = health.filter((h) => !h.result.ok);
  if (broken.length > 0) {
    const lines = broken.map((h) => `${h.service.pkg}: ${h.result.ok ? '' : h.result.reason}`);
    return fail(`not every service came up:\n  ${lines.join('\n  ')}`);
  }

  const running = new Set(started.map((s) => s.service.pkg));
  const outbox = outboxLocation({ SMTP_URL: process.env.SMTP_URL, OUTBOX_DIR: process.env.OUTBOX_DIR }, ROOT);
  const row = (label: string, value: string) => `  ${label.padEnd(14)} ${value}`;
  process.stdout.write(
    [
      '',
      'LinkHub is running:',
      row(
        'editor (PWA)',
        MODE === 'dev'
          ? `${urls.pwa_url}  (Vite dev server, hot reload)`
          : `${urls.pwa_url}  (installable, works offline)`,
      ),
      row(
        'sync-server',
        MODE === 'dev'
          ? `${urls.sync_url}  (API /v1)`
          : `${urls.sync_url}  (API /v1 and the built PWA, one origin)`,
      ),
      row(
        'edge',
        running.has('edge')
          ? `${urls.edge_url}  (links: http://${env.LINK_HOST}:${env.EDGE_PORT}/docs, bio: http://${env.BIO_HOST}:${env.EDGE_PORT}/demo)`
          : 'not started (edge/src/main.ts missing)',
      ),
      ...(process.env.ACME_DIRECTORY_URL && running.has('edge')
        ? [
            row(
              'custom domains',
              `https on port ${process.env.EDGE_TLS_PORT ?? '8443'} (certificates from ${process.env.ACME_DIRECTORY_URL})`,
            ),
          ]
        : []),
      row('worker', `${urls.worker_health_url}/healthz`),
      row(
        'PostgreSQL',
        `${redactUrl(databaseUrl)}${postgres.kind === 'embedded' ? '  (embedded PGlite: no PostgreSQL was reachable)' : ''}`,
      ),
      row('Redis', redactUrl(redis.url)),
      '',
      row('demo login', `${seeded.email} / ${seeded.password}`),
      row('demo.json', path.relative(ROOT, DEMO_FILE)),
      ...(outbox === null
        ? []
        : [row('mail outbox', `${outbox}  (no SMTP_URL: every mail LinkHub sends is a file here)`)]),
      '',
      'A service that crashes is restarted; Ctrl-C stops everything.',
      '',
    ].join('\n'),
  );

  // From here a service that exits is restarted by its supervisor (printed); only a signal stops the stack.
}

void main().catch((error: unknown) =>
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error)),
);
