import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { refreshRedirect, refreshRedirects, type RefreshIo } from '@linkhub/shared/server/cache/refresh';
import { startV1Kit, ALL_SCOPES, type V1Kit } from '../testing/v1-kit';

let kit: V1Kit;
let key: string;
let io: RefreshIo;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
  io = { sql: kit.deps.pool, redis: kit.deps.redis, prefix: kit.deps.config.REDIS_PREFIX };
});
afterAll(async () => {
  await kit.stop();
});

const create = async (path: string, body: Record<string, unknown>): Promise<void> => {
  const res = await kit.api('POST', path, { key, body });
  expect(res.status).toBe(201);
};

describe('refreshRedirects (the bulk write-through)', () => {
  it('writes and purges exactly what refreshRedirect does, address by address', async () => {
    await create('/v1/links', { destination_url: 'https://example.com/many-a', slug: 'many-a' });
    await create('/v1/links', {
      destination_url: 'https://example.com/many-b',
      slug: 'many-b',
      utm: { source: 'bulk' },
    });
    await create('/v1/qr-codes', { destination_url: 'https://example.com/menu', slug: 'many-qr' });
    await create('/v1/links', { destination_url: 'https://example.com/many-gone', slug: 'many-gone' });
    await kit.deps.pool.query("UPDATE links SET deleted_at = now() WHERE slug = 'many-gone'");
    const host = kit.deps.config.LINK_HOST;
    const addresses = [
      { host, slug: 'many-a' },
      { host, slug: 'many-qr' },
      { host, slug: 'many-b' },
      { host, slug: 'many-gone' },
      { host, slug: 'never-made' },
      { host: 'unknown.example.org', slug: 'many-a' },
    ];
    const keys = addresses.map((a) => redirectKey(io.prefix, a.host, a.slug));
    const snapshot = async () =>
      Promise.all(keys.map(async (k) => [await kit.deps.redis.get(k), await kit.deps.redis.ttl(k)]));

    await kit.deps.redis.del(...keys);
    const one: string[] = [];
    for (const a of addresses) one.push(await refreshRedirect(io, a.host, a.slug));
    const afterOne = await snapshot();

    await kit.deps.redis.del(...keys);
    const many = await refreshRedirects(io, addresses);
    const afterMany = await snapshot();

    expect(many).toEqual(one);
    expect(one).toEqual(['written', 'written', 'written', 'purged', 'purged', 'purged']);
    expect(afterMany.map(([value]) => value)).toEqual(afterOne.map(([value]) => value));
    expect(afterMany.map(([value]) => value !== null)).toEqual([true, true, true, false, false, false]);
  });
});
