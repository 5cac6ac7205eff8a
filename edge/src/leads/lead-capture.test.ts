import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaltSource } from '@linkhub/shared/server/analytics/salt';
import { pageSnapshotSchema, type BlockOf } from '@linkhub/shared/blocks/snapshot';
import { randomUUID } from 'node:crypto';
import { JobProducer } from '@linkhub/shared/server/jobs/producer';
import { bullPrefix } from '@linkhub/shared/jobs/queues';
import { DEFAULT_CONSENT_TEXT } from '@linkhub/shared/leads/consent';
import { leadCaptureJobId } from '@linkhub/shared/server/leads/tokens';
import { edgeRedis, ready, unreachableRedis } from '../testing/harness';
import { createLeadCapture } from './lead-capture';

const page = pageSnapshotSchema.parse({
  id: '0190a000-0000-7000-8000-000000000001',
  workspace_id: '0190a000-0000-7000-8000-000000000002',
  handle: 'maya',
  title: 'Maya',
  revision: 4,
  blocks: [
    {
      id: '0190a000-0000-7000-8000-000000000003',
      type: 'email_capture',
      data: { title: 'News', button_label: 'Join', double_opt_in: true },
    },
    {
      id: '0190a000-0000-7000-8000-000000000004',
      type: 'email_capture',
      data: { title: 'Drops', button_label: 'Join', consent_text: 'Only drops.' },
    },
  ],
});
const [optIn, single] = page.blocks.filter((b): b is BlockOf<'email_capture'> => b.type === 'email_capture');

const redis = edgeRedis();
const prefix = `test:leads:${randomUUID().slice(0, 8)}:`;
const jobs = new JobProducer(redis, prefix);
const queue = new Queue('lead-capture', { connection: redis, prefix: bullPrefix(prefix) });
const now = () => new Date('2026-12-05T08:00:00Z');

beforeAll(async () => {
  await ready(redis);
});
afterAll(async () => {
  await queue.obliterate({ force: true }).catch(() => undefined);
  await Promise.all([jobs.close(), queue.close()]);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

describe('lead capture at the edge', () => {
  it('enqueues one lead-capture job with the consent text shown and the published revision', async () => {
    if (optIn === undefined || single === undefined) throw new Error('fixture');
    const capture = createLeadCapture({ redis, prefix, jobs, salts: createSaltSource(redis, prefix), now });
    expect(await capture({ page, block: optIn, email: 'Fan@Example.com', ip: '203.0.113.9' })).toEqual({
      kind: 'accepted',
      outcome: 'pending',
    });
    expect(await capture({ page, block: single, email: 'two@example.com', ip: '203.0.113.9' })).toEqual({
      kind: 'accepted',
      outcome: 'subscribed',
    });
    const job = await queue.getJob(leadCaptureJobId(page.id, 'fan@example.com'));
    expect(job?.data).toEqual({
      workspace_id: page.workspace_id,
      page_id: page.id,
      block_id: optIn.id,
      email: 'fan@example.com',
      consent_text: DEFAULT_CONSENT_TEXT,
      page_revision: 4,
      double_opt_in: true,
      submitted_at: '2026-12-05T08:00:00.000Z',
    });
    expect((await queue.getJob(leadCaptureJobId(page.id, 'two@example.com')))?.data.consent_text).toBe(
      'Only drops.',
    );
    // A double submit while the first waits is the same job.
    await capture({ page, block: optIn, email: 'fan@example.com', ip: '203.0.113.10' });
    expect(await queue.getJobCountByTypes('waiting', 'delayed')).toBe(2);
  });

  it('puts the A/B test click id a sign-up came with on its job, for the worker to count (D-321)', async () => {
    if (single === undefined) throw new Error('fixture');
    const capture = createLeadCapture({ redis, prefix, jobs, salts: createSaltSource(redis, prefix), now });
    await capture({
      page,
      block: single,
      email: 'clicked@example.com',
      ip: '203.0.113.20',
      clickId: 'lhc_x',
    });
    await capture({ page, block: single, email: 'plain@example.com', ip: '203.0.113.21', clickId: null });
    expect((await queue.getJob(leadCaptureJobId(page.id, 'clicked@example.com')))?.data.click_id).toBe(
      'lhc_x',
    );
    expect((await queue.getJob(leadCaptureJobId(page.id, 'plain@example.com')))?.data).not.toHaveProperty(
      'click_id',
    );
  });

  it('throttles a network past its limit, and keys the limit by a salted hash, never the address', async () => {
    if (optIn === undefined) throw new Error('fixture');
    const capture = createLeadCapture({
      redis,
      prefix,
      jobs,
      salts: createSaltSource(redis, prefix),
      now,
      limit: { max: 2, windowSeconds: 300 },
    });
    const ip = '198.51.100.77';
    const results = [];
    for (let i = 0; i < 3; i++)
      results.push(await capture({ page, block: optIn, email: `t${i}@example.com`, ip }));
    expect(results.map((r) => r.kind)).toEqual(['accepted', 'accepted', 'throttled']);
    const last = results[2];
    expect(last?.kind === 'throttled' && last.retryAfterSeconds > 0 && last.retryAfterSeconds <= 300).toBe(
      true,
    );
    const keys = await redis.keys(`${prefix}lead:rl:*`);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some((k) => k.includes(ip))).toBe(false);
  });

  it('says the queue is unavailable (nothing silently lost) when Redis is down', async () => {
    if (optIn === undefined) throw new Error('fixture');
    const down = unreachableRedis();
    const downJobs = new JobProducer(down, prefix);
    const capture = createLeadCapture({
      redis: down,
      prefix,
      jobs: downJobs,
      salts: createSaltSource(down, prefix),
      now,
    });
    expect(await capture({ page, block: optIn, email: 'fan@example.com', ip: '203.0.113.9' })).toEqual({
      kind: 'unavailable',
      retryAfterSeconds: 60,
    });
    await downJobs.close();
    down.disconnect();
  });
});
