import http from 'node:http';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@linkhub/shared/server/db/testing';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { startChild, type Child } from '../../scripts/lib/children';
import { seedDemo } from '../../scripts/lib/seed-demo';
import { buildTarget } from '../../scripts/build/build-services';
import { SERVICE_ENTRIES, type ServiceName } from '../../scripts/build/entries';
import { freePort } from '../launcher/ports';
import { eventually } from '../launcher/wait';
import { startPgBouncer, type PgBouncerHandle } from '../support/pgbouncer';
import { createDirectPool } from '@linkhub/shared/server/db/pool';

/**
 * The compiled services (plain node, no tsx) with every PostgreSQL connection through a
 * real PgBouncer in transaction mode, one server connection per pool, so consecutive transactions
 * of any client land on whichever server connection is free. A link created through the
 * sync-server's /v1 API redirects on the edge from PostgreSQL (its cached payload removed, so the
 * miss path reads), and the worker ingests every click exactly. The edge's and sync-server's
 * lag-tolerant reads go to DATABASE_READ_URL, a second pooler database over the same data, and the
 * pooler's own counters show they did.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LINK_HOST = 'lnk.localhost';
const BIO_HOST = 'bio.localhost';
const PRIMARY = 'linkhub_primary';
const REPLICA = 'linkhub_replica';

let database: TestDatabase;
let bouncer: PgBouncerHandle;
let direct: pg.Pool;
let redis: Redis;
const prefix = testRedisPrefix();
const children: Child[] = [];
let syncUrl = '';
let edgeUrl = '';
let apiKey = '';
let workspaceId = '';

/** A GET on the link host (fetch cannot set Host); resolves with status and Location. */
function visit(path: string): Promise<{ status: number; location: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${edgeUrl}${path}`,
      {
        headers: { host: LINK_HOST, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' },
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, location: res.headers.location }));
      },
    );
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
  });
}

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${syncUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

const healthy = (url: string) => async () =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (r) => r.status === 200,
    () => false,
  );

beforeAll(async () => {
  for (const target of ['sync-server', 'edge', 'worker'] as const) await buildTarget(ROOT, target);
  database = await createTestDatabase();
  const seeded = await seedDemo(database.url, { linkHost: LINK_HOST, bioHost: BIO_HOST }, null);
  apiKey = seeded.api_key;
  workspaceId = seeded.workspace_id;
  direct = createDirectPool(database.url, 2);
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  bouncer = await startPgBouncer({
    upstreamUrl: database.url,
    databases: { [PRIMARY]: database.name, [REPLICA]: database.name },
    poolMode: 'transaction',
    defaultPoolSize: 1,
  });

  const [syncPort, edgePort, workerPort, syncMetrics, edgeMetrics] = await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  );
  syncUrl = `http://127.0.0.1:${syncPort}`;
  edgeUrl = `http://127.0.0.1:${edgePort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: bouncer.url(PRIMARY),
    DATABASE_READ_URL: bouncer.url(REPLICA),
    // Debian 12's PgBouncer (1.18) cannot keep a named statement across server connections.
    DATABASE_PREPARED_STATEMENTS: bouncer.keepsNamedStatements ? 'named' : 'unnamed',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: prefix,
    LINK_HOST,
    BIO_HOST,
    LOG_LEVEL: 'error',
    PUBLIC_SYNC_URL: syncUrl,
    PUBLIC_EDGE_URL: edgeUrl,
    PUBLIC_PWA_URL: syncUrl,
    PWA_DIST: '/nonexistent-pwa-dist',
  };
  const specs: Array<{ service: ServiceName; env: NodeJS.ProcessEnv; health: string }> = [
    {
      service: 'sync-server',
      env: { PORT: String(syncPort), METRICS_PORT: String(syncMetrics) },
      health: `${syncUrl}/healthz`,
    },
    {
      service: 'edge',
      env: { PORT: String(edgePort), METRICS_PORT: String(edgeMetrics) },
      health: `${edgeUrl}/healthz`,
    },
    {
      service: 'worker',
      env: { WORKER_HEALTH_PORT: String(workerPort) },
      health: `http://127.0.0.1:${workerPort}/healthz`,
    },
  ];
  for (const spec of specs) {
    children.push(
      startChild(
        spec.service,
        process.execPath,
        [SERVICE_ENTRIES[spec.service]],
        { ...env, ...spec.env },
        ROOT,
      ),
    );
  }
  for (const spec of specs)
    await eventually(healthy(spec.health), (up) => up, 90_000, `${spec.service} healthy`);
}, 180_000);

afterAll(async () => {
  await Promise.all(children.map((child) => child.stop()));
  await bouncer?.stop();
  await direct?.end();
  if (redis) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
  await database?.drop();
}, 60_000);

async function clicksOf(linkId: string): Promise<number> {
  const res = await direct.query<{ n: string }>(
    'SELECT count(*) AS n FROM click_events WHERE resource_id = $1',
    [linkId],
  );
  return Number(res.rows[0]?.n ?? 0);
}

describe('compiled services through PgBouncer (transaction mode)', () => {
  it('creates a link through the sync-server, redirects it on the edge from PostgreSQL, and ingests every click exactly', async () => {
    const created = await api('POST', '/v1/links', {
      destination_url: 'https://shop.example.com/pooled',
      slug: 'pooled',
    });
    expect(created.status).toBe(201);
    const linkId = (created.body as { data: { id: string } }).data.id;

    // Without its cached payload the edge answers from PostgreSQL, through the read pool.
    await redis.del(redirectKey(prefix, LINK_HOST, 'pooled'));
    const readsBefore = (await bouncer.queriesPerDatabase())[REPLICA] ?? 0;
    const first = await visit('/pooled');
    expect(first.status).toBe(302);
    expect(first.location).toBe('https://shop.example.com/pooled');
    const readsAfter = (await bouncer.queriesPerDatabase())[REPLICA] ?? 0;
    expect(readsAfter, "the miss path read DATABASE_READ_URL's pooler database").toBeGreaterThan(readsBefore);

    // Several misses at once: the edge opens several client connections, all sharing the pooler's one
    // server connection, so a statement name one of them prepared there is met by the others.
    const slugs = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6'];
    for (const slug of slugs) {
      const made = await api('POST', '/v1/links', {
        destination_url: `https://shop.example.com/${slug}`,
        slug,
      });
      expect(made.status).toBe(201);
    }
    await redis.del(...slugs.map((slug) => redirectKey(prefix, LINK_HOST, slug)));
    const answers = await Promise.all(slugs.map((slug) => visit(`/${slug}`)));
    expect(answers).toEqual(
      slugs.map((slug) => ({ status: 302, location: `https://shop.example.com/${slug}` })),
    );

    const CLICKS = 12;
    for (let i = 1; i < CLICKS; i += 1) expect((await visit('/pooled')).status).toBe(302);
    await eventually(
      () => clicksOf(linkId),
      (n) => n >= CLICKS,
      60_000,
      'every click ingested',
    );
    await new Promise((r) => setTimeout(r, 500));
    expect(await clicksOf(linkId)).toBe(CLICKS);
  });

  it("reads the sync-server's analytics from DATABASE_READ_URL and writes through DATABASE_URL", async () => {
    const before = await bouncer.queriesPerDatabase();
    const totals = await api('GET', `/v1/analytics/totals?workspace_id=${workspaceId}`);
    expect(totals.status).toBe(200);
    const afterRead = await bouncer.queriesPerDatabase();
    expect(afterRead[REPLICA] ?? 0).toBeGreaterThan(before[REPLICA] ?? 0);

    const created = await api('POST', '/v1/links', {
      destination_url: 'https://shop.example.com/two',
      slug: 'two',
    });
    expect(created.status).toBe(201);
    const afterWrite = await bouncer.queriesPerDatabase();
    expect(afterWrite[PRIMARY] ?? 0).toBeGreaterThan(afterRead[PRIMARY] ?? 0);
    const stored = await direct.query("SELECT 1 FROM links WHERE slug = 'two' AND deleted_at IS NULL");
    expect(stored.rowCount).toBe(1);
  });
});
