import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSaltSource } from '@linkhub/shared/server/analytics/salt';
import { pageSnapshotSchema, type BlockOf } from '@linkhub/shared/blocks/snapshot';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { newRequestId } from '@linkhub/shared/server/logging/request-id';
import { createLeadCapture } from '../../edge/src/leads/lead-capture';
import { PROCESSORS } from '../../worker/src/processors/index';
import { startWorkers, type WorkerRuntime } from '../../worker/src/runtime';
import { createTestWorkerDeps, type TestWorkerDeps } from '../../worker/src/testing';

/** A bio page with a sign-up block, as the edge holds it (its rows need not exist: the worker's line is logged either way). */
const page = pageSnapshotSchema.parse({
  id: '0190a000-0000-7000-8000-0000000000a1',
  workspace_id: '0190a000-0000-7000-8000-0000000000a2',
  handle: 'traced',
  title: 'Traced',
  revision: 1,
  blocks: [
    {
      id: '0190a000-0000-7000-8000-0000000000a3',
      type: 'email_capture',
      data: { title: 'News', button_label: 'Join' },
    },
  ],
});
const [block] = page.blocks.filter((b): b is BlockOf<'email_capture'> => b.type === 'email_capture');

describe('request id, edge → worker', () => {
  let t: TestWorkerDeps;
  let runtime: WorkerRuntime;
  const lines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    t = await createTestWorkerDeps();
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n'))
          if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const logger = createLogger('worker', { level: 'info', destination });
    runtime = startWorkers({ ...t.deps, logger }, { 'lead-capture': PROCESSORS['lead-capture'] });
  });
  afterAll(async () => {
    await runtime.close();
    await t.close();
  });

  it("the edge's sign-up carries its request id on the job, and the worker's line for that job names it", async () => {
    if (block === undefined) throw new Error('fixture has no email block');
    const requestId = newRequestId();
    const capture = createLeadCapture({
      redis: t.deps.redis,
      prefix: t.deps.config.REDIS_PREFIX,
      jobs: t.deps.jobs,
      salts: createSaltSource(t.deps.redis, t.deps.config.REDIS_PREFIX),
      now: () => new Date(),
    });
    const result = await capture({ page, block, email: 'traced@example.com', ip: '203.0.113.7', requestId });
    expect(result.kind).toBe('accepted');
    let line: Record<string, unknown> | undefined;
    for (let attempt = 0; attempt < 100 && line === undefined; attempt++) {
      await new Promise((r) => setTimeout(r, 100));
      line = lines.find((l) => l.request_id === requestId);
    }
    expect(line).toMatchObject({ service: 'worker', queue: 'lead-capture', request_id: requestId });
    expect(JSON.stringify(line)).not.toContain('traced@example.com');
  });
});
