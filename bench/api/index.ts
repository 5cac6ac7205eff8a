import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Hono } from 'hono';
import pg from 'pg';
import { createDb, ensureSystemDomains } from '@linkhub/shared/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/db/fixtures';
import { migrate } from '@linkhub/shared/db/migrate';
import { adminUrl, withDatabase } from '@linkhub/shared/db/testing';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { createLogger } from '@linkhub/shared/logging/logger';
import { createApp } from '../../sync-server/src/app';
import { closeDeps, createDeps } from '../../sync-server/src/deps';
import { syncServerEnvSchema } from '../../sync-server/src/env';
import { insertApiKey } from '../../sync-server/src/accounts/api-keys';
import { withTransaction } from '../../sync-server/src/accounts/db';

/**
 * `npx tsx bench/api/index.ts`: /v1 create-link and list-links throughput against a bare Hono route
 * answering the same paths with a canned body, in one run, in-process (`app.request`, no sockets),
 * CONCURRENCY requests in flight. Rounds interleave the two apps; the table prints medians and the
 * ratio. Requests rotate over several API keys so the per-key rate limit is not what is measured.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PER_ROUND = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const KEYS = 40;

type Requester = (path: string, init: RequestInit) => Response | Promise<Response>;

async function measure(request: Requester, make: (i: number) => [string, RequestInit], expected: number): Promise<{ rps: number; p50: number }> {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PER_ROUND) {
        const i = next++;
        const [path, init] = make(i);
        const t0 = performance.now();
        const res = await request(path, init);
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        if (res.status !== expected) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status}`);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { rps: PER_ROUND / seconds, p50: latencies[Math.floor(latencies.length / 2)] ?? 0 };
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

function bareApp(): Hono {
  const app = new Hono();
  const item = { id: '01900000-0000-7000-8000-000000000000', slug: 'abcdefg', destination_url: 'https://example.com/', title: null, tags: [], status: 'active' };
  app.post('/v1/links', async (c) => c.json({ data: { ...item, ...((await c.req.json()) as object) }, meta: {} }, 201));
  app.get('/v1/links', (c) => c.json({ data: Array.from({ length: 25 }, () => item), meta: { next_cursor: 'x' } }));
  return app;
}

async function main(): Promise<void> {
  const name = `linkhub_bench_api_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = withDatabase(adminUrl(), name);
  const prefix = `bench-api-${randomBytes(3).toString('hex')}:`;
  const config = parseEnvOrThrow(syncServerEnvSchema, { DATABASE_URL: url, REDIS_PREFIX: prefix, LOG_LEVEL: 'silent', PWA_DIST: '/nonexistent-pwa-dist' });
  const deps = createDeps(config, createLogger('bench-api', { level: 'silent' }));
  deps.resolveHost = async () => ['93.184.216.34']; // no outside DNS here
  try {
    await migrate(url);
    const db = createDb(url);
    await ensureSystemDomains(db.db, { linkHost: config.LINK_HOST, bioHost: config.BIO_HOST });
    const user = await insertUser(db.db, { email: 'bench@example.com' });
    const { workspace, owner } = await insertWorkspace(db.db, { ownerUserId: user.id, plan: 'business' });
    await db.close();
    const keys: string[] = [];
    for (let i = 0; i < KEYS; i += 1) {
      const { key } = await withTransaction(deps.pool, (tx) => insertApiKey(tx, { workspaceId: workspace.id, userId: user.id, memberId: owner.id, name: `bench ${i}`, scopes: ['links:read', 'links:write'], expiresAt: null }));
      keys.push(key);
    }
    const v1 = createApp(deps);
    const bare = bareApp();
    let serial = 0;
    const create = (i: number): [string, RequestInit] => [
      '/v1/links',
      { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${keys[i % KEYS] ?? ''}` }, body: JSON.stringify({ destination_url: `https://example.com/p/${serial++}`, title: 'Bench', tags: ['bench'] }) },
    ];
    const list = (i: number): [string, RequestInit] => ['/v1/links?limit=25', { method: 'GET', headers: { Authorization: `Bearer ${keys[i % KEYS] ?? ''}` } }];
    const scenarios = [
      { name: 'create link (POST /v1/links)', make: create, status: 201 },
      { name: 'list links (GET /v1/links?limit=25)', make: list, status: 200 },
    ];
    // Warm-up (JIT, pool connections, prepared paths).
    for (const s of scenarios) {
      await measure((p, init) => v1.request(p, init), s.make, s.status);
      await measure((p, init) => bare.request(p, init), s.make, s.status);
    }
    const results = scenarios.map(() => ({ v1: [] as number[], bare: [] as number[], v1p50: [] as number[], bareP50: [] as number[] }));
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const [i, s] of scenarios.entries()) {
        const r = results[i];
        if (!r) continue;
        const a = await measure((p, init) => v1.request(p, init), s.make, s.status);
        const b = await measure((p, init) => bare.request(p, init), s.make, s.status);
        r.v1.push(a.rps);
        r.v1p50.push(a.p50);
        r.bare.push(b.rps);
        r.bareP50.push(b.p50);
      }
    }
    console.log(`\n/v1 vs bare Hono, in-process app.request, ${ROUNDS} rounds × ${PER_ROUND} requests, concurrency ${CONCURRENCY} (medians)\n`);
    console.log('| scenario | /v1 req/s | bare req/s | /v1 ÷ bare | /v1 p50 ms | bare p50 ms |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [i, s] of scenarios.entries()) {
      const r = results[i];
      if (!r) continue;
      const v = median(r.v1);
      const b = median(r.bare);
      console.log(`| ${s.name} | ${v.toFixed(0)} | ${b.toFixed(0)} | ${(v / b).toFixed(4)} | ${median(r.v1p50).toFixed(2)} | ${median(r.bareP50).toFixed(3)} |`);
    }
  } finally {
    const stale = await deps.redis.keys(`${prefix}*`).catch(() => [] as string[]);
    if (stale.length > 0) await deps.redis.del(...stale).catch(() => 0);
    await closeDeps(deps);
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
