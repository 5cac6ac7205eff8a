import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';
import { PostCommitEffects } from './effects';
import { CACHE_REFRESH_DELAY_MS, deliverAfterCommit, writeThrough, type PostCommitDeps } from './post-commit';
import { linkArgs, startCommandKit, type CommandKit } from '../testing/command-kit';

/** After COMMIT: cache write-through, then jobs and pokes — each best effort, none undoing the commit. */
let kit: CommandKit;
let ws: string;
let deps: PostCommitDeps;
const logged: string[] = [];
const sent: JobRequest[] = [];
let enqueueFails = false;

beforeAll(async () => {
  kit = await startCommandKit();
  ws = kit.owner.workspaceId;
  deps = {
    pool: kit.deps.pool,
    redis: kit.deps.redis,
    redisPrefix: kit.deps.config.REDIS_PREFIX,
    logger: createLogger('test', {
      level: 'warn',
      destination: { write: (line: string) => void logged.push(line) },
    }),
    enqueue: async (jobs) => {
      if (enqueueFails) throw new Error('queue down');
      sent.push(...jobs);
    },
  };
});
afterAll(async () => kit.close());

const keyOf = (slug: string) => redirectKey(kit.deps.config.REDIS_PREFIX, kit.deps.config.LINK_HOST, slug);
const target = (slug: string) => ({ kind: 'redirect' as const, host: kit.deps.config.LINK_HOST, slug });

describe('writeThrough', () => {
  it('rebuilds redirect keys from committed rows: a gone link’s key is purged, a QR key is kept', async () => {
    const link = linkArgs(ws, { slug: 'gone-link' });
    const qr = randomUUID();
    await kit.run('createLink', link);
    await kit.run('createQrCode', {
      id: qr,
      workspace_id: ws,
      destination_url: 'https://example.com/q',
      slug: 'gone-qr',
    });
    expect(await kit.deps.redis.exists(keyOf('gone-link'), keyOf('gone-qr'))).toBe(2);
    await kit.sql('UPDATE links SET deleted_at = now() WHERE id = $1', [link.id]);
    await kit.sql('UPDATE qr_codes SET deleted_at = now() WHERE id = $1', [qr]);
    const effects = new PostCommitEffects();
    for (const slug of ['gone-link', 'gone-qr'])
      effects.writeCache(
        `rd:${slug}`,
        () => Promise.reject(new Error('a redirect is rebuilt by address')),
        target(slug),
      );
    await writeThrough(deps, effects);
    expect(await kit.deps.redis.exists(keyOf('gone-link'))).toBe(0);
    expect(await kit.deps.redis.exists(keyOf('gone-qr'))).toBe(1);
  });

  it('runs other writes too; a failing one is logged and the rest still run', async () => {
    const effects = new PostCommitEffects();
    const ran: string[] = [];
    effects.writeCache('a', () => Promise.reject(new Error('redis hiccup')));
    for (const key of ['b', 'c', 'd', 'e', 'f']) effects.writeCache(key, async () => void ran.push(key));
    await writeThrough(deps, effects);
    expect(ran.sort()).toEqual(['b', 'c', 'd', 'e', 'f']);
    expect(logged.join('\n')).toContain('cache write-through failed');
  });
});

describe('deliverAfterCommit', () => {
  it('sends the jobs and a delayed refresh of every written address together', async () => {
    sent.length = 0;
    const effects = new PostCommitEffects();
    effects.enqueue({ queue: 'qr-render', name: 'qr-render', data: {}, jobId: 'render-1' });
    effects.writeCache('rd:x', async () => undefined, target('x'));
    await deliverAfterCommit(deps, effects);
    expect(sent.map((j) => j.queue).sort()).toEqual(['cache-refresh', 'qr-render']);
    expect(sent.find((j) => j.queue === 'cache-refresh')).toMatchObject({
      data: target('x'),
      delayMs: CACHE_REFRESH_DELAY_MS,
    });
  });

  it('never rejects when the queue is down: the failure is logged', async () => {
    enqueueFails = true;
    const effects = new PostCommitEffects();
    effects.enqueue({ queue: 'qr-render', name: 'qr-render', data: {}, jobId: 'render-2' });
    await expect(deliverAfterCommit(deps, effects)).resolves.toBeUndefined();
    enqueueFails = false;
    expect(logged.some((line) => line.includes('render-2') || line.includes('queue down'))).toBe(true);
  });
});
