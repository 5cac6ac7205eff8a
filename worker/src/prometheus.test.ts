import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INGEST_GROUP } from '@linkhub/shared/server/analytics/ingest-health';
import { clicksStreamKey, redirectKey } from '@linkhub/shared/cache/keys';
import { ErrorEnvelopeSchema } from '@linkhub/shared/errors/envelope';
import { startRedisServer, type PrivateRedis } from '@linkhub/shared/server/health/testing';
import { createHealthServer } from './health-server';
import { createWorkerMetrics } from './prometheus';
import { createTestWorkerDeps, type TestWorkerDeps } from './testing';
import { bullPrefix } from '@linkhub/shared/jobs/queues';

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The value of one sample of the exposition text, or null when it is absent. */
function sample(text: string, name: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{service="worker"} `));
  return line === undefined ? null : Number(line.split(' ').at(-1));
}

describe('worker /metrics', () => {
  let t: TestWorkerDeps;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    t = await createTestWorkerDeps();
    const metrics = createWorkerMetrics({
      redis: t.deps.redis,
      prefix: t.deps.config.REDIS_PREFIX,
      jobs: t.deps.jobs,
      queues: ['cache-refresh', 'lead-expiry'],
    });
    server = createHealthServer(t.deps, { queues: [], isRunning: () => true }, metrics);
    base = await listen(server);
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  it('reports each queue depth by state, read from BullMQ when scraped', async () => {
    await t.deps.jobs.add('lead-expiry', {});
    await t.deps.jobs.add('lead-expiry', {}, { delay: 60_000 });
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('linkhub_queue_jobs{queue="lead-expiry",state="waiting",service="worker"} 1');
    expect(text).toContain('linkhub_queue_jobs{queue="lead-expiry",state="delayed",service="worker"} 1');
    expect(text).toContain('linkhub_queue_jobs{queue="cache-refresh",state="waiting",service="worker"} 0');
    expect(text).toContain('process_resident_memory_bytes{service="worker"}');
  });

  it('reports the click stream: length, lag, pending and the age of the oldest unread entry', async () => {
    const stream = clicksStreamKey(t.deps.config.REDIS_PREFIX);
    await t.deps.redis.call('XGROUP', 'CREATE', stream, INGEST_GROUP, '$', 'MKSTREAM');
    // Three entries a minute old by their ids; the group reads one and leaves it unacknowledged.
    const minuteAgo = Date.now() - 60_000;
    for (let i = 0; i < 3; i += 1) await t.deps.redis.xadd(stream, `${minuteAgo}-${i}`, 'v', '3');
    await t.deps.redis.xreadgroup('GROUP', INGEST_GROUP, 'c1', 'COUNT', 1, 'STREAMS', stream, '>');
    const text = await (await fetch(`${base}/metrics`)).text();
    expect(sample(text, 'linkhub_stream_length')).toBe(3);
    expect(sample(text, 'linkhub_stream_lag_entries')).toBe(2);
    expect(sample(text, 'linkhub_stream_pending_entries')).toBe(1);
    const age = sample(text, 'linkhub_ingest_lag_seconds');
    expect(age).toBeGreaterThanOrEqual(59);
    expect(age).toBeLessThan(600);
    await t.deps.redis.del(stream);
  });
});

describe('worker Redis roles (two private redis-servers)', () => {
  let cache: PrivateRedis;
  let queue: PrivateRedis;
  beforeAll(async () => {
    [cache, queue] = await Promise.all([startRedisServer('allkeys-lru'), startRedisServer('noeviction')]);
  });
  afterAll(() => {
    cache.stop();
    queue.stop();
  });

  it('puts BullMQ on QUEUE_REDIS_URL and cache-refresh writes on CACHE_REDIS_URL; /healthz is 200', async () => {
    const t = await createTestWorkerDeps({ CACHE_REDIS_URL: cache.url, QUEUE_REDIS_URL: queue.url });
    const server = createHealthServer(t.deps, { queues: [], isRunning: () => true });
    try {
      expect(t.deps.cacheRedis).not.toBe(t.deps.redis);
      await t.deps.jobs.add('lead-expiry', {});
      const bullKeys = await t.deps.redis.keys(`${bullPrefix(t.deps.config.REDIS_PREFIX)}*`);
      expect(bullKeys.length).toBeGreaterThan(0);
      expect(await t.deps.cacheRedis.keys(`${t.deps.config.REDIS_PREFIX}*`)).toEqual([]);
      // A stale plain-link key on both servers: the refresh (no such link in PostgreSQL) purges the cache role's only.
      const key = redirectKey(t.deps.config.REDIS_PREFIX, 'lnk.localhost', 'nobody-here');
      await t.deps.cacheRedis.set(key, '{"is_qr":false}');
      await t.deps.redis.set(key, '{"is_qr":false}');
      const { cacheRefresh } = await import('./processors/cache-refresh');
      const report = await cacheRefresh(
        { kind: 'redirect', host: 'lnk.localhost', slug: 'nobody-here' },
        undefined as never,
        t.deps,
      );
      expect(report).toEqual([expect.objectContaining({ outcome: 'purged' })]);
      expect(await t.deps.cacheRedis.exists(key)).toBe(0);
      expect(await t.deps.redis.exists(key)).toBe(1);
      await t.deps.redis.del(key);
      const res = await fetch(`${await listen(server)}/healthz`);
      expect(res.status).toBe(200);
    } finally {
      server.close();
      await t.close();
    }
  });

  it('/healthz is 503 naming queue_redis when the queue Redis can evict', async () => {
    const t = await createTestWorkerDeps({ CACHE_REDIS_URL: queue.url, QUEUE_REDIS_URL: cache.url });
    const server = createHealthServer(t.deps, { queues: [], isRunning: () => true });
    try {
      const res = await fetch(`${await listen(server)}/healthz`);
      expect(res.status).toBe(503);
      const body = ErrorEnvelopeSchema.parse(await res.json());
      expect(body.error.details).toEqual([
        {
          field: 'queue_redis',
          issue: expect.stringMatching(/maxmemory-policy is allkeys-lru; the queue Redis needs noeviction/),
        },
      ]);
    } finally {
      server.close();
      await t.close();
    }
  });
});
