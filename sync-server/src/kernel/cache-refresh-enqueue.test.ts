import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { bullPrefix } from '@linkhub/shared/jobs/queues';
import { startV1Kit, ALL_SCOPES, type V1Kit } from '../testing/v1-kit';
import { CACHE_REFRESH_DELAY_MS } from './runner';

/** Belt and braces: after its write-through, every command leaves a delayed cache-refresh job for what it wrote. */
let kit: V1Kit;
let key: string;
let queue: Queue;

beforeAll(async () => {
  kit = await startV1Kit();
  key = await kit.key(ALL_SCOPES);
  queue = new Queue('cache-refresh', {
    connection: kit.deps.redis,
    prefix: bullPrefix(kit.deps.config.REDIS_PREFIX),
  });
});
afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  await kit.stop();
});

/** The jobs of an answered request are delivered after the answer: wait for them, then look. */
const delayedTargets = async () => {
  await kit.deps.commands.settled();
  return (await queue.getDelayed()).map((job) => ({ data: job.data as unknown, delay: job.opts.delay }));
};

describe('post-commit cache-refresh jobs', () => {
  it('a link write-through is followed by a delayed refresh of the same address', async () => {
    const res = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://shop.example.com/a', slug: 'spring' },
    });
    expect(res.status).toBe(201);
    expect(
      await kit.deps.redis.exists(redirectKey(kit.deps.config.REDIS_PREFIX, 'lnk.localhost', 'spring')),
    ).toBe(1);
    expect(await delayedTargets()).toContainEqual({
      data: { kind: 'redirect', host: 'lnk.localhost', slug: 'spring' },
      delay: CACHE_REFRESH_DELAY_MS,
    });
  });

  it('a domain removal is followed by a delayed refresh of everything on the domain', async () => {
    const added = await kit.api('POST', '/v1/domains', { key, body: { hostname: 'go.maya-prints.com' } });
    const id = ((await added.json()) as { data: { id: string } }).data.id;
    expect(await delayedTargets()).toContainEqual({
      data: { kind: 'domain', host: 'go.maya-prints.com' },
      delay: CACHE_REFRESH_DELAY_MS,
    });
    expect((await kit.api('DELETE', `/v1/domains/${id}`, { key })).status).toBe(200);
    expect(await delayedTargets()).toContainEqual({
      data: { kind: 'resource', resource_type: 'domain', id },
      delay: CACHE_REFRESH_DELAY_MS,
    });
  });

  it('deleting and restoring a workspace each enqueue a refresh of every key of the workspace, at once', async () => {
    const id = kit.owner.workspaceId;
    const { rows } = await kit.deps.pool.query<{ name: string }>(
      'SELECT name FROM workspaces WHERE id = $1',
      [id],
    );
    const waiting = async () => {
      await kit.deps.commands.settled();
      return (await queue.getWaiting()).map((job) => job.data as unknown);
    };
    const deleted = await kit.call('DELETE', `/api/workspaces/${id}`, {
      token: kit.owner.token,
      body: { confirmation: rows[0]?.name },
    });
    expect(deleted.status).toBe(200);
    expect(await waiting()).toEqual([{ kind: 'resource', resource_type: 'workspace', id }]);
    expect((await kit.call('POST', `/api/workspaces/${id}/restore`, { token: kit.owner.token })).status).toBe(
      200,
    );
    expect(await waiting()).toEqual([
      { kind: 'resource', resource_type: 'workspace', id },
      { kind: 'resource', resource_type: 'workspace', id },
    ]);
  });

  it('a workspace rename or holding-page change (Replicache push, or the settings route) enqueues a refresh of the whole workspace', async () => {
    const id = kit.owner.workspaceId;
    await queue.drain();
    const waiting = async () => {
      await kit.deps.commands.settled();
      return (await queue.getWaiting()).map((job) => job.data as unknown);
    };
    const push = await kit.call('POST', '/replicache/push', {
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
            args: { workspace_id: id, holding_page: { title: 'We moved' } },
            timestamp: 0,
          },
        ],
      },
    });
    expect(push.status).toBe(200);
    expect(await waiting()).toEqual([{ kind: 'resource', resource_type: 'workspace', id }]);
    const renamed = await kit.call('PATCH', `/api/workspaces/${id}`, {
      token: kit.owner.token,
      body: { name: 'Maya Prints' },
    });
    expect(renamed.status).toBe(200);
    expect(await waiting()).toHaveLength(2);
  });

  it('a refused command enqueues nothing', async () => {
    const before = (await delayedTargets()).length;
    const res = await kit.api('POST', '/v1/links', {
      key,
      body: { destination_url: 'https://shop.example.com/b', slug: 'spring' },
    });
    expect(res.status).toBe(409);
    expect((await delayedTargets()).length).toBe(before);
  });
});
