import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNoEviction, EvictionPolicyError } from './redis-policy';
import { startRedisServer } from './testing';

describe('assertNoEviction', () => {
  let server: { url: string; stop: () => void };
  let evicting: Redis;
  beforeAll(async () => {
    server = await startRedisServer('allkeys-lru');
    evicting = new Redis(server.url);
  });
  afterAll(() => {
    evicting.disconnect();
    server.stop();
  });

  it('accepts the shared Redis (noeviction)', async () => {
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    await expect(assertNoEviction(redis)).resolves.toBeUndefined();
    redis.disconnect();
  });

  it('refuses an evicting Redis, naming the policy and the fix', async () => {
    await expect(assertNoEviction(evicting)).rejects.toThrow(EvictionPolicyError);
    await expect(assertNoEviction(evicting)).rejects.toThrow(
      /maxmemory-policy is allkeys-lru; the queue Redis needs noeviction/,
    );
  });
});
