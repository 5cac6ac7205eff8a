import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicksStreamKey, redirectKey } from '@linkhub/shared/cache/keys';
import { startRedisServer, type PrivateRedis } from '@linkhub/shared/server/health/testing';
import { createHarness, LINK_HOST, type Harness } from './testing/harness';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

function get(port: number, host: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The value of the sample starting with `prefix` (name and labels), or null. */
function sample(text: string, prefix: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${prefix} `));
  return line === undefined ? null : Number(line.split(' ').at(-1));
}

type RunningEdge = { port: number; metricsPort: number; stop: () => Promise<number | null> };

async function startEdge(env: Record<string, string>): Promise<RunningEdge> {
  const [port, metricsPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: 'silent',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let attempt = 0; attempt < 120; attempt++) {
    const status = await get(port, 'localhost', '/healthz').then(
      (r) => r.status,
      () => 0,
    );
    if (status !== 0) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    port,
    metricsPort,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe('edge /metrics and Redis roles (the running service, two private redis-servers)', () => {
  let h: Harness;
  let cache: PrivateRedis;
  let queue: PrivateRedis;
  beforeAll(async () => {
    h = await createHarness();
    const ws = await h.seed.workspace({ name: 'Metrics Co' });
    await h.seed.link(ws, h.domains.linkDomainId, 'counted', 'https://example.com/counted');
    await h.seed.qr(ws, h.domains.linkDomainId, 'scanned', 'https://example.com/scanned');
    [cache, queue] = await Promise.all([startRedisServer('allkeys-lru'), startRedisServer('noeviction')]);
  });
  afterAll(async () => {
    cache.stop();
    queue.stop();
    await h.close();
  });

  it('reads the cache role, captures on the queue role, and serves /metrics only on its own listener', async () => {
    const edge = await startEdge({
      DATABASE_URL: h.db.url,
      REDIS_PREFIX: h.prefix,
      CACHE_REDIS_URL: cache.url,
      QUEUE_REDIS_URL: queue.url,
    });
    const cacheClient = new Redis(cache.url);
    const queueClient = new Redis(queue.url);
    try {
      const health = await get(edge.port, 'localhost', '/healthz');
      expect(health.status).toBe(200);
      expect(JSON.parse(health.body)).toMatchObject({ status: 'ok', queue_redis: 'ok' });
      for (let i = 0; i < 3; i++) expect((await get(edge.port, LINK_HOST, '/counted')).status).toBe(302);
      expect((await get(edge.port, LINK_HOST, '/scanned')).status).toBe(302);

      // The miss path filled the cache role (not the queue role); the next visit is a cache hit.
      for (let attempt = 0; attempt < 40; attempt++) {
        if ((await cacheClient.exists(redirectKey(h.prefix, LINK_HOST, 'counted'))) === 1) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await cacheClient.exists(redirectKey(h.prefix, LINK_HOST, 'counted'))).toBe(1);
      expect(await queueClient.exists(redirectKey(h.prefix, LINK_HOST, 'counted'))).toBe(0);
      expect((await get(edge.port, LINK_HOST, '/counted')).status).toBe(302);

      // The public hosts never answer it: on the link host /metrics is a slug (here: nobody's).
      const publicMetrics = await get(edge.port, LINK_HOST, '/metrics');
      expect(publicMetrics.status).toBe(404);
      expect(publicMetrics.body).not.toContain('linkhub_');

      const scraped = await get(edge.metricsPort, 'localhost', '/metrics');
      expect(scraped.status).toBe(200);
      const text = scraped.body;
      const count = (routeClass: string) =>
        sample(
          text,
          `linkhub_http_request_duration_seconds_count{service="edge",route_class="${routeClass}"}`,
        );
      expect(count('redirect')).toBe(4 + 1); // four visits and the /metrics slug
      expect(count('qr')).toBe(1);
      expect(count('other')).toBe(2); // the start-up probe's /healthz and the test's
      expect(sample(text, 'linkhub_edge_cache_misses_total{service="edge"}')).toBeGreaterThanOrEqual(2);
      expect(sample(text, 'linkhub_edge_cache_hits_total{service="edge"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'linkhub_edge_capture_overflow_total{service="edge"}')).toBe(0);
      expect(text).toContain('nodejs_eventloop_lag_seconds{service="edge"}');

      // The five visits' events went to the queue role's stream (in batches: one entry holds several).
      let sent: number | null = null;
      for (let attempt = 0; attempt < 100 && sent !== 5; attempt++) {
        await new Promise((r) => setTimeout(r, 100));
        const again = await get(edge.metricsPort, 'localhost', '/metrics');
        sent = sample(again.body, 'linkhub_edge_capture_sent_total{service="edge"}');
      }
      expect(sent).toBe(5);
      expect(await queueClient.xlen(clicksStreamKey(h.prefix))).toBeGreaterThanOrEqual(1);
      expect(await cacheClient.xlen(clicksStreamKey(h.prefix))).toBe(0);
    } finally {
      cacheClient.disconnect();
      queueClient.disconnect();
      expect(await edge.stop()).toBe(0);
    }
  });

  it('/healthz is 503 naming queue_redis when the queue Redis can evict', async () => {
    const edge = await startEdge({
      DATABASE_URL: h.db.url,
      REDIS_PREFIX: h.prefix,
      CACHE_REDIS_URL: queue.url,
      QUEUE_REDIS_URL: cache.url,
    });
    try {
      const health = await get(edge.port, 'localhost', '/healthz');
      expect(health.status).toBe(503);
      const body = JSON.parse(health.body) as { missing: string[]; queue_redis: string };
      expect(body.missing).toEqual(['queue_redis']);
      expect(body.queue_redis).toMatch(/maxmemory-policy is allkeys-lru; the queue Redis needs noeviction/);
    } finally {
      expect(await edge.stop()).toBe(0);
    }
  });
});
