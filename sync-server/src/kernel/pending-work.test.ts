import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectKey } from '@linkhub/shared/cache/keys';
import { bullPrefix } from '@linkhub/shared/jobs/queues';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { createSecretBox } from '@linkhub/shared/server/crypto/secret-box';
import { randomSlug } from '@linkhub/shared/mutators/args';
import { isWebPort } from '@linkhub/shared/webhooks/ports';
import { closeDeps } from '../deps';
import { createTestApp, type TestApp } from '../testing/app';
import { startV1Kit, ALL_SCOPES } from '../testing/v1-kit';
import { PostCommitEffects } from './effects';
import { PendingWork } from './pending-work';
import { CommandRegistry } from './registry';
import { CommandRunner } from './runner';

describe('PendingWork', () => {
  it('settles once every tracked piece of work has, including work tracked while it waited', async () => {
    const errors: unknown[] = [];
    const pending = new PendingWork((error) => errors.push(error));
    const finished: string[] = [];
    let release = (): void => undefined;
    pending.track(
      new Promise<void>((resolve) => {
        release = resolve;
      }).then(() => {
        finished.push('first');
        pending.track(Promise.resolve().then(() => void finished.push('started meanwhile')));
      }),
    );
    const settled = pending.settled();
    expect(pending.size).toBe(1);
    release();
    await settled;
    expect(finished).toEqual(['first', 'started meanwhile']);
    expect(pending.size).toBe(0);
    expect(errors).toEqual([]);
  });

  it('reports a failure to its handler instead of leaving a rejection unhandled', async () => {
    const errors: unknown[] = [];
    const pending = new PendingWork((error) => errors.push(error));
    pending.track(Promise.reject(new Error('redis went away')));
    await pending.settled();
    expect(errors).toEqual([new Error('redis went away')]);
  });
});

describe('CommandRunner.flush', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers once the cache write-through is done; the jobs follow, and settled() waits for them', async () => {
    let openGate = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    const sent: JobRequest[] = [];
    const runner = new CommandRunner(
      {
        pool: t.deps.pool,
        redis: t.deps.redis,
        redisPrefix: t.deps.config.REDIS_PREFIX,
        logger: createLogger('test', { level: 'silent' }),
        addressOf: t.deps.addressOf,
        // The real producer, behind a gate the test opens.
        enqueue: async (jobs) => {
          await gate;
          await t.deps.jobs.enqueueAll(jobs);
          sent.push(...jobs);
        },
        hosts: { linkHost: 'lnk.localhost', bioHost: 'bio.localhost' },
        resolveHost: async () => ['93.184.216.34'],
        // No command runs here: what commands would use is the app's own.
        commandDeps: {
          cache: { pool: t.deps.pool, redis: t.deps.cacheRedis, prefix: t.deps.config.REDIS_PREFIX },
          artifacts: t.deps.artifacts,
          rasteriseSvg: t.deps.renderPool.rasteriseSvg,
          secrets: createSecretBox(t.deps.config.AUTH_SECRET),
          generateSlug: randomSlug,
          allowWebhookPort: isWebPort,
        },
      },
      new CommandRegistry([]),
    );
    const effects = new PostCommitEffects();
    const written: string[] = [];
    effects.writeCache('page:bio.localhost:maya', async () => {
      await t.deps.redis.set(`${t.deps.config.REDIS_PREFIX}written`, '1');
      written.push('page');
    });
    effects.enqueue({
      queue: 'cache-refresh',
      name: 'cache-refresh',
      data: { kind: 'page', host: 'bio.localhost', handle: 'maya' },
      jobId: 'pending-work-test',
    });

    await runner.flush(effects);
    expect(written).toEqual(['page']);
    expect(sent).toEqual([]);
    let settled = false;
    const settling = runner.settled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    openGate();
    await settling;
    expect(sent.map((job) => job.jobId)).toEqual(['pending-work-test']);
    expect(await t.deps.jobs.queue('cache-refresh').getJob('pending-work-test')).toBeDefined();
  });
});

describe('closeDeps', () => {
  it('delivers the jobs of a request answered just before it, then closes', async () => {
    const kit = await startV1Kit();
    const prefix = kit.deps.config.REDIS_PREFIX;
    const observer = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    const queue = new Queue('cache-refresh', { connection: observer, prefix: bullPrefix(prefix) });
    try {
      const key = await kit.key(ALL_SCOPES);
      const res = await kit.api('POST', '/v1/links', {
        key,
        body: { destination_url: 'https://shop.example.com/closing', slug: 'closing-time' },
      });
      expect(res.status).toBe(201);
      // The write-through was part of the answer.
      expect(await observer.exists(redirectKey(prefix, 'lnk.localhost', 'closing-time'))).toBe(1);
      await closeDeps(kit.deps);
      expect((await queue.getDelayed()).map((job) => job.data as unknown)).toContainEqual({
        kind: 'redirect',
        host: 'lnk.localhost',
        slug: 'closing-time',
      });
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
      observer.disconnect();
      await kit.stop().catch(() => undefined);
    }
  });
});
