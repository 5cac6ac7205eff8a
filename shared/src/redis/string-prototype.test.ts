import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

/**
 * D-435: ioredis 6 ships `class VerbatimString extends String`, and once any object has
 * String.prototype on its prototype chain V8 calls every String.prototype method of every string in
 * the process the generic way (charCodeAt 0.7 → 5.9 ns, slice 6 → 11 ns): a fifth to a half of the
 * ingest's per-event node work. patches/ioredis+6.0.0.patch (applied by `postinstall`) makes it a
 * plain class; ioredis uses it only as a type-mapping sentinel.
 */
describe('ioredis leaves String.prototype alone (patches/ioredis+6.0.0.patch)', () => {
  it('its VerbatimString does not inherit from String', () => {
    const loaded: unknown = require('ioredis/built/resp/verbatim-string');
    const VerbatimString =
      typeof loaded === 'object' && loaded !== null && 'VerbatimString' in loaded
        ? loaded.VerbatimString
        : undefined;
    expect(typeof VerbatimString).toBe('function');
    if (typeof VerbatimString !== 'function') return;
    const prototype: unknown = VerbatimString.prototype;
    expect(prototype instanceof String).toBe(false);
    expect(Object.getPrototypeOf(prototype)).toBe(Object.prototype);
  });

  it('its decoder still hands a verbatim string over as text', async () => {
    const { Redis } = await import('ioredis');
    const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { lazyConnect: true });
    try {
      await redis.connect();
      // INFO is a verbatim string under RESP3 (ioredis 6's default protocol).
      const info = await redis.info('server');
      expect(typeof info).toBe('string');
      expect(info).toMatch(/redis_version:/);
    } finally {
      redis.disconnect();
    }
  });
});
