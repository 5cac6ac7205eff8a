import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { refreshRedirect } from '@linkhub/shared/server/cache/refresh';
import { startV1Kit, ALL_SCOPES, type V1Kit } from '../testing/v1-kit';

/** A new link's key is written from its INSERT's row: it must be exactly what a rebuild from PostgreSQL writes. */
let kit: V1Kit;
let key: string;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => {
  await kit.stop();
});

describe('the write-through of a created link', () => {
  it('writes the payload a rebuild from committed rows writes, byte for byte', async () => {
    const prefix = kit.deps.config.REDIS_PREFIX;
    const settings = await kit.call('POST', '/replicache/push', {
      token: kit.owner.token,
      body: {
        pushVersion: 1,
        clientGroupID: 'cg-settings',
        profileID: 'p-settings',
        schemaVersion: '',
        mutations: [
          {
            clientID: 'c-settings',
            id: 1,
            name: 'updateWorkspaceSettings',
            args: { workspace_id: kit.owner.workspaceId, holding_page: { title: 'Back soon' } },
            timestamp: 0,
          },
        ],
      },
    });
    expect(settings.status).toBe(200);
    const res = await kit.api('POST', '/v1/links', {
      key,
      body: {
        destination_url: 'https://shop.example.com/spring',
        slug: 'spring-held',
        title: 'Spring',
        tags: ['season'],
        utm: { source: 'newsletter', campaign: 'spring' },
      },
    });
    expect(res.status).toBe(201);
    const stored = redirectKey(prefix, 'lnk.localhost', 'spring-held');
    const written = await kit.deps.redis.get(stored);
    expect(written).not.toBeNull();
    await kit.deps.redis.del(stored);
    expect(
      await refreshRedirect(
        { sql: kit.deps.pool, redis: kit.deps.redis, prefix },
        'lnk.localhost',
        'spring-held',
      ),
    ).toBe('written');
    expect(await kit.deps.redis.get(stored)).toBe(written);
  });

  it('a create and an edit of the same link in one push: the key holds the edit', async () => {
    const id = '01938a6e-0000-7000-8000-00000000c0de';
    const res = await kit.call('POST', '/replicache/push', {
      token: kit.owner.token,
      body: {
        pushVersion: 1,
        clientGroupID: 'cg-held',
        profileID: 'p-held',
        schemaVersion: '',
        mutations: [
          {
            clientID: 'c-held',
            id: 1,
            name: 'createLink',
            args: {
              id,
              workspace_id: kit.owner.workspaceId,
              destination_url: 'https://shop.example.com/first',
              slug: 'edited-in-push',
            },
            timestamp: 0,
          },
          {
            clientID: 'c-held',
            id: 2,
            name: 'updateLink',
            args: {
              id,
              workspace_id: kit.owner.workspaceId,
              destination_url: 'https://shop.example.com/second',
            },
            timestamp: 0,
          },
        ],
      },
    });
    expect(res.status).toBe(200);
    const payload = await kit.deps.redis.get(
      redirectKey(kit.deps.config.REDIS_PREFIX, 'lnk.localhost', 'edited-in-push'),
    );
    expect(payload).toContain('https://shop.example.com/second');
    expect(payload).not.toContain('https://shop.example.com/first');
    expect(payload).toContain('Back soon');
  });
});
