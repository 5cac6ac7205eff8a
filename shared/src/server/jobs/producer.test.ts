import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { testRedisPrefix } from '../db/testing';
import { JobProducer, type JobRequest } from './producer';

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', { maxRetriesPerRequest: null });
const prefix = testRedisPrefix();
const producer = new JobProducer(redis, prefix);

afterAll(async () => {
  await producer.queue('cache-refresh').obliterate({ force: true });
  await producer.close();
  redis.disconnect();
});

const refresh = (slug: string, delayMs?: number): JobRequest => ({
  queue: 'cache-refresh',
  name: 'cache-refresh',
  data: { kind: 'redirect', host: 'lnk.localhost', slug },
  jobId: `refresh-${slug}`,
  ...(delayMs === undefined ? {} : { delayMs }),
});

describe('JobProducer.enqueueAll', () => {
  it("a queue's only job and a queue's several jobs land alike: ids, data, delays, and a replayed id is one job", async () => {
    await producer.enqueueAll([refresh('alone', 5_000)]);
    await producer.enqueueAll([refresh('first'), refresh('second', 5_000)]);
    await producer.enqueueAll([refresh('alone', 5_000)]);
    const queue = producer.queue('cache-refresh');
    const alone = await queue.getJob('refresh-alone');
    expect(alone?.data).toEqual({ kind: 'redirect', host: 'lnk.localhost', slug: 'alone' });
    expect(alone?.opts.delay).toBe(5_000);
    expect(alone?.opts.attempts).toBe(5);
    expect((await queue.getJob('refresh-first'))?.opts.delay ?? 0).toBe(0);
    expect((await queue.getJob('refresh-second'))?.opts.delay).toBe(5_000);
    expect((await queue.getJob('refresh-second'))?.opts.attempts).toBe(5);
    expect((await queue.getDelayed()).map((job) => job.id).sort()).toEqual([
      'refresh-alone',
      'refresh-second',
    ]);
  });

  it("refuses a job whose data is not its queue's shape before anything reaches Redis", async () => {
    await expect(
      producer.enqueueAll([
        { queue: 'cache-refresh', name: 'cache-refresh', data: { kind: 'nope' }, jobId: 'bad' },
      ]),
    ).rejects.toThrow();
    expect(await producer.queue('cache-refresh').getJob('bad')).toBeUndefined();
  });
});
