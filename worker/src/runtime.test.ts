import { duplicateRedis } from '@linkhub/shared/server/redis/client';
import { randomUUID } from 'node:crypto';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullPrefix, type JobData } from '@linkhub/shared/jobs/queues';
import { createQueue } from './queues';
import { startWorkers, type WorkerRuntime } from './runtime';
import { createTestWorkerDeps, type TestWorkerDeps } from './testing';

describe('worker runtime', () => {
  let t: TestWorkerDeps;
  let runtime: WorkerRuntime;
  let events: QueueEvents;
  const seen: Array<JobData<'qr-render'>> = [];

  beforeAll(async () => {
    t = await createTestWorkerDeps();
    runtime = startWorkers(t.deps, {
      'qr-render': async (data) => {
        seen.push(data);
        return { rendered: data.format };
      },
    });
    events = new QueueEvents('qr-render', {
      connection: duplicateRedis(t.deps.redis),
      prefix: bullPrefix(t.deps.config.REDIS_PREFIX),
    });
    await events.waitUntilReady();
  });
  afterAll(async () => {
    await events.close();
    await runtime.close();
    await t.close();
  });

  it('consumes only the queues that have a processor', () => {
    expect(runtime.queues).toEqual(['qr-render']);
    expect(runtime.isRunning()).toBe(true);
  });

  it('hands the processor the validated job data', async () => {
    const producer = createQueue('qr-render', t.deps.redis, t.deps.config.REDIS_PREFIX);
    const data = { qr_code_id: randomUUID(), version: 2, format: 'svg' } as const;
    const job = await producer.add(data);
    expect(await job.waitUntilFinished(events, 10_000)).toEqual({ rendered: 'svg' });
    expect(seen).toContainEqual(data);
    await producer.close();
  });

  it('refuses malformed data when enqueueing', async () => {
    const producer = createQueue('qr-render', t.deps.redis, t.deps.config.REDIS_PREFIX);
    await expect(producer.add({ qr_code_id: 'nope', version: 0, format: 'svg' })).rejects.toThrow();
    await producer.close();
  });

  it('fails a malformed job once, without retrying it', async () => {
    // A producer that bypasses the schema (an older deploy, a hand-written job).
    const producer = createQueue('qr-render', t.deps.redis, t.deps.config.REDIS_PREFIX);
    const job = await producer.queue.add(
      'qr-render',
      { qr_code_id: 'not-a-uuid', version: 1, format: 'gif' },
      { attempts: 3 },
    );
    await expect(job.waitUntilFinished(events, 10_000)).rejects.toThrow(
      /invalid qr-render job data: qr_code_id, format/,
    );
    const failed = await producer.queue.getJob(job.id ?? '');
    expect(failed?.attemptsMade).toBe(1);
    await producer.close();
  });
});
