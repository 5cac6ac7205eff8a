import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { bullPrefix } from '@linkhub/shared/jobs/queues';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { ErrorEnvelopeSchema } from '@linkhub/shared/errors/envelope';
import { startRedisServer, type PrivateRedis } from '@linkhub/shared/server/health/testing';
import { renderMetrics } from '@linkhub/shared/metrics/registry';
import { syncServerEnvSchema } from './env';
import { syncRouteClassOf } from './prometheus';
import { deliverAfterCommit, writeThrough } from '../kernel/post-commit';
import { PostCommitEffects } from '../kernel/effects';
import { createTestApp, type TestApp } from '../testing/app';

function count(text: string, routeClass: string): number | null {
  const prefix = `linkhub_http_request_duration_seconds_count{service="sync-server",route_class="${routeClass}"} `;
  const line = text.split('\n').find((l) => l.startsWith(prefix));
  return line === undefined ? null : Number(line.slice(prefix.length));
}

describe('sync-server request metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('counts and times requests by route class (push and pull rates are their counts)', async () => {
    await t.app.request('/healthz');
    await t.app.request('/v1/links');
    await t.app.request('/replicache/pull', { method: 'POST', body: '{}' });
    await t.app.request('/replicache/push', { method: 'POST', body: '{}' });
    await t.app.request('/replicache/push', { method: 'POST', body: '{}' });
    const { body, contentType } = await renderMetrics(t.deps.prometheus.registry);
    expect(contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(count(body, 'other')).toBe(1);
    expect(count(body, 'v1')).toBe(1);
    expect(count(body, 'pull')).toBe(1);
    expect(count(body, 'push')).toBe(2);
    expect(count(body, 'api') ?? 0).toBe(0);
    expect(body).toContain('process_cpu_seconds_total{service="sync-server"}');
  });

  it('classifies paths', () => {
    expect(syncRouteClassOf('GET', '/v1')).toBe('v1');
    expect(syncRouteClassOf('GET', '/api/session')).toBe('api');
    expect(syncRouteClassOf('GET', '/replicache/poke')).toBe('poke');
    expect(syncRouteClassOf('GET', '/links/abc')).toBe('app');
    expect(syncRouteClassOf('POST', '/webhooks/stripe')).toBe('other');
    expect(syncRouteClassOf('GET', '/healthz')).toBe('other');
  });
});

describe('sync-server Redis roles (two private redis-servers)', () => {
  let cache: PrivateRedis;
  let queue: PrivateRedis;
  beforeAll(async () => {
    [cache, queue] = await Promise.all([startRedisServer('allkeys-lru'), startRedisServer('noeviction')]);
  });
  afterAll(() => {
    cache.stop();
    queue.stop();
  });

  it('writes through to CACHE_REDIS_URL, keeps jobs on QUEUE_REDIS_URL, and /healthz is 200', async () => {
    const t = await createTestApp({ CACHE_REDIS_URL: cache.url, QUEUE_REDIS_URL: queue.url });
    try {
      expect(t.deps.cacheRedis).not.toBe(t.deps.redis);
      const key = redirectKey(t.deps.config.REDIS_PREFIX, 'lnk.localhost', 'gone');
      await t.deps.cacheRedis.set(key, '{"is_qr":false}');
      await t.deps.redis.set(key, '{"is_qr":false}');
      const effects = new PostCommitEffects();
      effects.writeCache('rd:gone', () => Promise.resolve(), {
        kind: 'redirect',
        host: 'lnk.localhost',
        slug: 'gone',
      });
      const postCommit = {
        pool: t.deps.pool,
        redis: t.deps.redis,
        cacheRedis: t.deps.cacheRedis,
        redisPrefix: t.deps.config.REDIS_PREFIX,
        logger: t.deps.logger,
        enqueue: (jobs: Parameters<typeof t.deps.jobs.enqueueAll>[0]) => t.deps.jobs.enqueueAll(jobs),
      };
      await Promise.all([writeThrough(postCommit, effects), deliverAfterCommit(postCommit, effects)]);
      // The write-through purged the stale key on the cache role; its refresh job went to the queue role.
      expect(await t.deps.cacheRedis.exists(key)).toBe(0);
      expect(await t.deps.redis.exists(key)).toBe(1);
      expect(
        (await t.deps.redis.keys(`${bullPrefix(t.deps.config.REDIS_PREFIX)}:cache-refresh:*`)).length,
      ).toBeGreaterThan(0);
      expect(await t.deps.cacheRedis.keys(`${bullPrefix(t.deps.config.REDIS_PREFIX)}:*`)).toEqual([]);
      expect((await t.app.request('/healthz')).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('/healthz is 503 naming queue_redis when the queue Redis can evict', async () => {
    const t = await createTestApp({ CACHE_REDIS_URL: queue.url, QUEUE_REDIS_URL: cache.url });
    try {
      const res = await t.app.request('/healthz');
      expect(res.status).toBe(503);
      const body = ErrorEnvelopeSchema.parse(await res.json());
      expect(body.error.details).toEqual([
        {
          field: 'queue_redis',
          issue: expect.stringMatching(/maxmemory-policy is allkeys-lru; the queue Redis needs noeviction/),
        },
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('the Redis role and metrics settings refuse what they cannot use', () => {
  const base = { DATABASE_URL: 'postgres://u@h/db' };
  it('defaults both roles to REDIS_URL and the metrics listener to loopback', () => {
    const env = parseEnvOrThrow(syncServerEnvSchema, { ...base, REDIS_URL: 'redis://r:6379' });
    expect(env.CACHE_REDIS_URL).toBeUndefined();
    expect(env.QUEUE_REDIS_URL).toBeUndefined();
    expect(env.METRICS_HOST).toBe('127.0.0.1');
    expect(env.METRICS_PORT).toBe(9465);
  });
  it.each([
    ['CACHE_REDIS_URL', 'http://cache:6379', /CACHE_REDIS_URL: must be a URL \(redis, rediss\)/],
    ['QUEUE_REDIS_URL', 'not a url', /QUEUE_REDIS_URL: must be a URL \(redis, rediss\)/],
    ['METRICS_PORT', '70000', /METRICS_PORT: must be a port number/],
    ['METRICS_HOST', 'metrics.example.com', /METRICS_HOST: must be an IP address to bind/],
  ])('refuses %s=%s, naming it', (name, value, message) => {
    expect(() => parseEnvOrThrow(syncServerEnvSchema, { ...base, [name]: value })).toThrow(message);
  });
});
