import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@linkhub/shared/server/db/testing';
import { startChild } from '../../scripts/lib/children';
import { seedDemo } from '../../scripts/lib/seed-demo';
import { supervise, type Supervised } from '../../scripts/lib/supervisor';
import { freeLocalPort, startPrivateRedis, type PrivateRedis } from '../../worker/src/testing';
import { startPgProxy, type CuttableProxy } from './pg-proxy';
import { createDirectPool } from '@linkhub/shared/server/db/pool';

/**
 * Chaos: the real sync-server, edge and worker under the launcher's supervisor, a private
 * Redis restarted empty, PostgreSQL behind a proxy that is cut. Under a loop of QR scans each service
 * is killed with SIGKILL in turn: every answer is a 200/302, the supervisor brings the service back,
 * and the clicks captured after each recovery are counted exactly.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LINK_HOST = 'lnk.localhost';
const BIO_HOST = 'bio.localhost';
const fastBackoff = { initialMs: 200, maxMs: 2_000, resetAfterMs: 30_000 };

type Outcome = { phase: string; answer: number | 'refused' };

let database: TestDatabase;
let redis: PrivateRedis;
let proxy: CuttableProxy;
let pool: pg.Pool;
const services = new Map<string, { supervised: Supervised; health: string }>();
let edgeUrl = '';
let phase = 'steady';
const outcomes: Outcome[] = [];
let loading = true;
let load: Promise<void> = Promise.resolve();
let docsLinkId = '';

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 150));
  }
  return false;
}

const healthy = (url: string) => () =>
  fetch(url, { signal: AbortSignal.timeout(1_500) }).then((r) => r.status === 200);

/** A GET on the link host (fetch cannot set Host), answering the status; rejects when nobody listens. */
function visit(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${edgeUrl}${path}`,
      { headers: { host: LINK_HOST }, timeout: 3_000, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

async function scanLoop(): Promise<void> {
  while (loading) {
    const answer = await visit('/menu').catch((): 'refused' => 'refused');
    outcomes.push({ phase, answer });
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function docsClicks(): Promise<number> {
  const res = await pool.query<{ n: string }>(
    'SELECT count(*) AS n FROM click_events WHERE resource_id = $1',
    [docsLinkId],
  );
  return Number(res.rows[0]?.n ?? 0);
}

/** 15 clicks on /docs after a recovery: all 302 and, once ingested, exactly 15 more rows. */
async function clicksCountedExactly(): Promise<void> {
  const before = await docsClicks();
  for (let i = 0; i < 15; i += 1) expect(await visit('/docs')).toBe(302);
  expect(await until(async () => (await docsClicks()) >= before + 15, 20_000)).toBe(true);
  await new Promise((r) => setTimeout(r, 300));
  expect(await docsClicks()).toBe(before + 15);
}

async function killAndRecover(name: string): Promise<void> {
  const service = services.get(name);
  if (!service) throw new Error(`no service ${name}`);
  const restarted = service.supervised.nextStart();
  phase = `${name}-down`;
  service.supervised.current().process.kill('SIGKILL');
  await restarted;
  expect(await until(healthy(service.health), 30_000)).toBe(true);
  phase = `after-${name}`;
}

beforeAll(async () => {
  database = await createTestDatabase();
  redis = await startPrivateRedis();
  const target = new URL(database.url);
  proxy = await startPgProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const proxied = new URL(database.url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(proxy.port);
  const databaseUrl = proxied.toString();
  await seedDemo(database.url, { linkHost: LINK_HOST, bioHost: BIO_HOST }, null);
  pool = createDirectPool(database.url, 2);
  const docs = await pool.query<{ id: string }>("SELECT id FROM links WHERE slug = 'docs'");
  docsLinkId = docs.rows[0]?.id ?? '';

  const [syncPort, edgePort, workerPort] = [
    await freeLocalPort(),
    await freeLocalPort(),
    await freeLocalPort(),
  ];
  edgeUrl = `http://127.0.0.1:${edgePort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redis.url,
    REDIS_PREFIX: '',
    LINK_HOST,
    BIO_HOST,
    LOG_LEVEL: 'error',
    PUBLIC_SYNC_URL: `http://localhost:${syncPort}`,
    PUBLIC_EDGE_URL: edgeUrl,
    PUBLIC_PWA_URL: `http://localhost:${syncPort}`,
    WORKER_HEALTH_PORT: String(workerPort),
    PWA_DIST: '/nonexistent-pwa-dist',
  };
  const specs = [
    {
      name: 'sync',
      main: 'sync-server/src/main.ts',
      port: syncPort,
      health: `http://127.0.0.1:${syncPort}/healthz`,
    },
    { name: 'edge', main: 'edge/src/main.ts', port: edgePort, health: `${edgeUrl}/healthz` },
    {
      name: 'worker',
      main: 'worker/src/main.ts',
      port: workerPort,
      health: `http://127.0.0.1:${workerPort}/healthz`,
    },
  ];
  for (const spec of specs) {
    const start = () =>
      startChild(
        spec.name,
        process.execPath,
        ['--import', 'tsx', spec.main],
        { ...env, PORT: String(spec.port) },
        ROOT,
      );
    services.set(spec.name, {
      supervised: supervise(spec.name, start, () => undefined, fastBackoff),
      health: spec.health,
    });
  }
  for (const spec of specs) expect(await until(healthy(spec.health), 60_000)).toBe(true);
  load = scanLoop();
}, 120_000);

afterAll(async () => {
  loading = false;
  await load;
  await Promise.all([...services.values()].map((s) => s.supervised.stop(5_000)));
  await pool?.end();
  await proxy?.close();
  redis?.stop();
  await database?.drop();
}, 60_000);

describe('chaos: QR scans keep answering while every part fails in turn', () => {
  it('survives kill -9 of each service, an empty Redis restart and a PostgreSQL cut; counts the clicks after each exactly', async () => {
    await clicksCountedExactly();
    for (const name of ['edge', 'worker', 'sync']) {
      await killAndRecover(name);
      await clicksCountedExactly();
    }

    phase = 'redis-restart';
    await redis.restartEmpty();
    for (const { health } of services.values()) expect(await until(healthy(health), 30_000)).toBe(true);
    phase = 'after-redis';
    await clicksCountedExactly();

    // Clicks made while Redis is down are held by the edge and captured once it is back: exactly.
    phase = 'redis-outage';
    const beforeOutage = await docsClicks();
    const OUTAGE_CLICKS = 12;
    await redis.outage(async () => {
      for (let i = 0; i < OUTAGE_CLICKS; i += 1) expect(await visit('/docs')).toBe(302);
    });
    for (const { health } of services.values()) expect(await until(healthy(health), 30_000)).toBe(true);
    phase = 'after-redis-outage';
    expect(await until(async () => (await docsClicks()) >= beforeOutage + OUTAGE_CLICKS, 30_000)).toBe(true);
    await new Promise((r) => setTimeout(r, 500));
    expect(await docsClicks(), 'every click of the outage counted once').toBe(beforeOutage + OUTAGE_CLICKS);
    await clicksCountedExactly();

    phase = 'pg-down';
    await proxy.cut();
    await new Promise((r) => setTimeout(r, 2_000));
    await proxy.restore();
    for (const { health } of services.values()) expect(await until(healthy(health), 30_000)).toBe(true);
    phase = 'after-pg';
    await clicksCountedExactly();

    loading = false;
    await load;
    const answers = outcomes.filter((o) => o.answer !== 'refused');
    const wrong = answers.filter((o) => o.answer !== 200 && o.answer !== 302);
    expect(wrong).toEqual([]);
    // Only while the one edge process was dead did a scan find nobody listening.
    expect(outcomes.filter((o) => o.answer === 'refused' && o.phase !== 'edge-down')).toEqual([]);
    for (const window of ['worker-down', 'sync-down', 'redis-restart', 'redis-outage', 'pg-down']) {
      expect(answers.filter((o) => o.phase === window).length).toBeGreaterThan(0);
    }
    for (const name of ['edge', 'worker', 'sync']) expect(services.get(name)?.supervised.restarts()).toBe(1);
  }, 200_000);
});
