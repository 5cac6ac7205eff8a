import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { webhookSweep } from './sweep';

/**
 * The outbox's second chance: a delivery recorded with its change whose job never reached
 * BullMQ is enqueued again by the sweep; one that is fresh, or already handled, is left alone; a
 * second sweep does not double a job that is already queued.
 */
let t: TestWorkerDeps;
let workspaceId = '';
let endpointId = '';
const job = {} as Job; // test-only: the processor does not read the BullMQ job

beforeAll(async () => {
  t = await createTestWorkerDeps();
  const h = createDb(t.database.url);
  const owner = await insertUser(h.db);
  workspaceId = (await insertWorkspace(h.db, { ownerUserId: owner.id })).workspace.id;
  await h.close();
  const { rows } = await t.deps.pool.query<{ id: string }>(
    "INSERT INTO webhook_endpoints (workspace_id, url, events, secret_ciphertext) VALUES ($1, 'https://hooks.example.com/', '{link.created}', $2) RETURNING id",
    [workspaceId, t.deps.secrets.seal(Buffer.from('whsec_x'))],
  );
  endpointId = rows[0]?.id ?? '';
});
afterAll(async () => t.close());

async function delivery(status: string, dueMinutesAgo: number, replays = 0): Promise<string> {
  const eventId = crypto.randomUUID();
  const { rows } = await t.deps.pool.query<{ id: string }>(
    `INSERT INTO webhook_deliveries (endpoint_id, workspace_id, event_id, event_type, payload, status, next_attempt_at, replays)
     VALUES ($1, $2, $3, 'link.created', '{}', $4, now() - make_interval(mins => $5), $6) RETURNING id`,
    [endpointId, workspaceId, eventId, status, dueMinutesAgo, replays],
  );
  return rows[0]?.id ?? '';
}

describe('webhook-sweep', () => {
  it('re-enqueues stuck pending deliveries under their run’s job id, and only those', async () => {
    const stuck = await delivery('pending', 30);
    const replayed = await delivery('pending', 30, 2);
    const fresh = await delivery('pending', 1);
    const done = await delivery('succeeded', 30);
    const queue = t.deps.jobs.queue('webhook-deliver');
    expect(await webhookSweep({}, job, t.deps)).toEqual({ requeued: 2 });
    expect((await queue.getJob(`whd-${stuck}`))?.data).toMatchObject({ endpoint_id: endpointId });
    expect(await queue.getJob(`whd-${replayed}-r2`)).toBeDefined();
    expect(await queue.getJob(`whd-${fresh}`)).toBeUndefined();
    expect(await queue.getJob(`whd-${done}`)).toBeUndefined();
    await webhookSweep({}, job, t.deps);
    expect(await queue.getJobCountByTypes('waiting', 'delayed', 'prioritized')).toBe(2);
  });
});
