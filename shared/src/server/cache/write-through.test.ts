import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRedisPrefix } from '../db/testing';
import { payloadFixture } from '../../resolve/fixtures';
import { redirectKey, redirectMissKey } from '../../cache/keys';
import { parseRedirectPayload } from '../../cache/payload';
import { purgeRedirect, QrKeyProtectedError, writeMiss, writeRedirectPayload } from './write-through';

const prefix = testRedisPrefix();
const host = 'lnk.localhost';
let redis: Redis;

beforeAll(() => {
  redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
});
afterAll(async () => {
  const found = await redis.keys(`${prefix}*`);
  if (found.length > 0) await redis.del(...found);
  redis.disconnect();
});

describe('write-through', () => {
  it('writes the payload with a 3600 s TTL and deletes the miss key', async () => {
    expect(await writeMiss(redis, prefix, host, 'a', false)).toBe(true);
    expect(await redis.exists(redirectMissKey(prefix, host, 'a'))).toBe(1);
    expect(await writeRedirectPayload(redis, prefix, host, 'a', payloadFixture({ slug: 'a' }))).toBe(
      'written',
    );
    expect(await redis.exists(redirectMissKey(prefix, host, 'a'))).toBe(0);
    const ttl = await redis.ttl(redirectKey(prefix, host, 'a'));
    expect(ttl).toBeGreaterThan(3500);
    expect(ttl).toBeLessThanOrEqual(3600);
    const stored = await redis.get(redirectKey(prefix, host, 'a'));
    expect(parseRedirectPayload(stored ?? '')?.destination_url).toBe('https://example.com/landing');
  });
  it('gives QR keys no TTL', async () => {
    await writeRedirectPayload(
      redis,
      prefix,
      host,
      'q',
      payloadFixture({ slug: 'q', is_qr: true, resource_type: 'qr_code' }),
    );
    expect(await redis.ttl(redirectKey(prefix, host, 'q'))).toBe(-1);
  });
  it('never replaces a newer revision with an older one', async () => {
    await writeRedirectPayload(
      redis,
      prefix,
      host,
      'r',
      payloadFixture({ slug: 'r', revision: 5, destination_url: 'https://new.example' }),
    );
    expect(
      await writeRedirectPayload(
        redis,
        prefix,
        host,
        'r',
        payloadFixture({ slug: 'r', revision: 4, destination_url: 'https://old.example' }),
      ),
    ).toBe('kept_newer');
    expect(
      parseRedirectPayload((await redis.get(redirectKey(prefix, host, 'r'))) ?? '')?.destination_url,
    ).toBe('https://new.example');
    expect(
      await writeRedirectPayload(
        redis,
        prefix,
        host,
        'r',
        payloadFixture({ slug: 'r', revision: 5, destination_url: 'https://same.example' }),
      ),
    ).toBe('written');
  });
  it('refuses to negatively cache or delete a QR key', async () => {
    await expect(writeMiss(redis, prefix, host, 'q', true)).rejects.toBeInstanceOf(QrKeyProtectedError);
    await expect(purgeRedirect(redis, prefix, host, 'q')).rejects.toBeInstanceOf(QrKeyProtectedError);
    expect(await redis.exists(redirectKey(prefix, host, 'q'))).toBe(1);
  });
  it('does not write a miss over a positive key, and purges a plain link', async () => {
    expect(await writeMiss(redis, prefix, host, 'a', false)).toBe(false);
    await purgeRedirect(redis, prefix, host, 'a');
    expect(await redis.exists(redirectKey(prefix, host, 'a'))).toBe(0);
    const missTtl = (await writeMiss(redis, prefix, host, 'a', false))
      ? await redis.ttl(redirectMissKey(prefix, host, 'a'))
      : 0;
    expect(missTtl).toBeGreaterThan(50);
    expect(missTtl).toBeLessThanOrEqual(60);
  });
});
