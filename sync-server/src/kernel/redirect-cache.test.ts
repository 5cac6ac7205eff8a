import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { cacheRefreshJob } from './redirect-cache';
import { linkArgs, startCommandKit, type CommandKit } from '../testing/command-kit';

/** The edge's redirect keys follow committed rows: written after COMMIT, never before, never on rollback. */
let kit: CommandKit;
let ws: string;

beforeAll(async () => {
  kit = await startCommandKit();
  ws = kit.owner.workspaceId;
});
afterAll(async () => kit.close());

const keyOf = (slug: string) => redirectKey(kit.deps.config.REDIS_PREFIX, kit.deps.config.LINK_HOST, slug);

describe('redirect write-through', () => {
  it('an edit reaches the key only after its transaction commits', async () => {
    const link = linkArgs(ws, { slug: 'after-commit', destination_url: 'https://example.com/first' });
    await kit.run('createLink', link);
    const by = await kit.actor();
    await kit.deps.commands.inTransaction(async (scope) => {
      await kit.deps.commands.runNamed(
        scope,
        by,
        'updateLink',
        { id: link.id, workspace_id: ws, destination_url: 'https://example.com/second' },
        null,
      );
      expect(await kit.deps.redis.get(keyOf('after-commit'))).toContain('https://example.com/first');
    });
    expect(await kit.deps.redis.get(keyOf('after-commit'))).toContain('https://example.com/second');
  });

  it('a rolled-back edit never reaches the key', async () => {
    const by = await kit.actor();
    const [row] = await kit.sql<{ id: string }>("SELECT id FROM links WHERE slug = 'after-commit'");
    await expect(
      kit.deps.commands.inTransaction(async (scope) => {
        await kit.deps.commands.runNamed(
          scope,
          by,
          'updateLink',
          { id: row?.id, workspace_id: ws, destination_url: 'https://example.com/never' },
          null,
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const payload = await kit.deps.redis.get(keyOf('after-commit'));
    expect(payload).toContain('https://example.com/second');
    expect(payload).not.toContain('never');
  });

  it('an archived QR code keeps its key (rewritten, never deleted)', async () => {
    const id = randomUUID();
    await kit.run('createQrCode', {
      id,
      workspace_id: ws,
      destination_url: 'https://example.com/menu',
      slug: 'table-menu',
    });
    expect(await kit.deps.redis.get(keyOf('table-menu'))).toContain('https://example.com/menu');
    await kit.run('archiveQrCode', { id, workspace_id: ws });
    expect(await kit.deps.redis.exists(keyOf('table-menu'))).toBe(1);
  });

  it('a cache-refresh job id is one per target and moment; the delay is the caller’s', () => {
    const target = { kind: 'redirect', host: 'h.example', slug: 's' } as const;
    const a = cacheRefreshJob(target, 1000, 5000);
    expect(a).toMatchObject({ queue: 'cache-refresh', data: target, delayMs: 5000 });
    expect(cacheRefreshJob(target, 1000, 0).jobId).toBe(a.jobId);
    expect(cacheRefreshJob(target, 1001, 0).jobId).not.toBe(a.jobId);
    expect(cacheRefreshJob({ ...target, slug: 't' }, 1000, 0).jobId).not.toBe(a.jobId);
  });
});
