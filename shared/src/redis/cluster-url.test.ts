import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isClusterUrl, parseClusterUrl } from './cluster-url';
import { redisRolesEnvShape } from '../config/redis-roles';

describe('redis+cluster:// role URLs (D-360)', () => {
  it('reads seed nodes and credentials', () => {
    expect(parseClusterUrl('redis+cluster://127.0.0.1:7000,127.0.0.1:7001')).toEqual({
      seeds: [
        { host: '127.0.0.1', port: 7000 },
        { host: '127.0.0.1', port: 7001 },
      ],
      username: undefined,
      password: undefined,
      tls: false,
    });
    expect(parseClusterUrl('rediss+cluster://app:p%40ss@redis-a:6380,[::1]:6381/')).toEqual({
      seeds: [
        { host: 'redis-a', port: 6380 },
        { host: '::1', port: 6381 },
      ],
      username: 'app',
      password: 'p@ss',
      tls: true,
    });
  });

  it('refuses a seed without a port, an empty list or a bad escape', () => {
    for (const url of [
      'redis+cluster://',
      'redis+cluster://host',
      'redis+cluster://a:7000,',
      'redis+cluster://a:7000,b:99999',
      'redis+cluster://u:%zz@a:7000',
    ])
      expect(parseClusterUrl(url), url).toBeNull();
    expect(isClusterUrl('redis://127.0.0.1:6379')).toBe(false);
  });

  it('round-trips any list of seeds', () => {
    const seed = fc.record({
      host: fc.constantFrom('127.0.0.1', 'redis-a', 'cache.internal', '10.0.0.7'),
      port: fc.integer({ min: 1, max: 65535 }),
    });
    fc.assert(
      fc.property(fc.array(seed, { minLength: 1, maxLength: 6 }), (seeds) => {
        const url = `redis+cluster://${seeds.map((s) => `${s.host}:${s.port}`).join(',')}`;
        expect(parseClusterUrl(url)?.seeds).toEqual(seeds);
      }),
    );
  });

  it('the role variables accept a cluster URL and refuse anything else with a message', () => {
    expect(redisRolesEnvShape.QUEUE_REDIS_URL.safeParse('redis+cluster://a:7000,b:7001').success).toBe(true);
    expect(redisRolesEnvShape.REDIS_URL.safeParse('redis://127.0.0.1:6379').success).toBe(true);
    fc.assert(
      fc.property(fc.string(), (value) => {
        const result = redisRolesEnvShape.CACHE_REDIS_URL.safeParse(value);
        const valid =
          parseClusterUrl(value) !== null ||
          (URL.canParse(value) && ['redis:', 'rediss:'].includes(new URL(value).protocol));
        expect(result.success).toBe(valid);
      }),
    );
  });
});
