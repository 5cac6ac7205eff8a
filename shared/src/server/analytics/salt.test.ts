import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisPrefix } from '../db/testing';
import { saltKey } from '../../cache/keys';
import { createSaltSource } from './salt';

const prefix = testRedisPrefix();
let redis: Redis;

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
});
afterAll(async () => {
  const found = await redis.keys(`${prefix}*`);
  if (found.length > 0) await redis.del(...found);
  redis.disconnect();
});

describe('daily salt', () => {
  it('creates 32 random bytes per UTC day in Redis with a 48 h TTL, shared by every instance', async () => {
    const day = new Date('2026-06-01T10:00:00Z');
    const [a, b] = await Promise.all([
      createSaltSource(redis, prefix).forDate(day),
      createSaltSource(redis, prefix).forDate(day),
    ]);
    expect(a.salt.length).toBe(32);
    expect(a.durable).toBe(true);
    expect(a.salt.equals(b.salt)).toBe(true);
    const ttl = await redis.ttl(saltKey(prefix, '2026-06-01'));
    expect(ttl).toBeGreaterThan(47 * 3600);
    expect(ttl).toBeLessThanOrEqual(48 * 3600);
  });
  it('changes at the UTC day boundary', async () => {
    const source = createSaltSource(redis, prefix);
    const d1 = await source.forDate(new Date('2026-06-02T23:59:59Z'));
    const d2 = await source.forDate(new Date('2026-06-03T00:00:00Z'));
    expect(d1.day).toBe('2026-06-02');
    expect(d2.day).toBe('2026-06-03');
    expect(d1.salt.equals(d2.salt)).toBe(false);
  });
  it('falls back to a process-local salt when Redis is unreachable', async () => {
    const dead = new Redis({
      port: 1,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    dead.on('error', () => undefined);
    const source = createSaltSource(dead, prefix);
    const now = new Date('2026-06-04T08:00:00Z');
    const first = await source.forDate(now);
    expect(first.durable).toBe(false);
    expect(first.salt.length).toBe(32);
    expect((await source.forDate(now)).salt.equals(first.salt)).toBe(true);
    dead.disconnect();
  });
});
