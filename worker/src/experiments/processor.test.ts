import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueue } from '../queues';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createDb } from '@linkhub/shared/server/db';
import { PROCESSORS } from '../processors';
import { startWorkers } from '../runtime';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';

/** The experiment-results job through real BullMQ, as registered in the worker's processor table. */
let t: TestWorkerDeps;
let workspaceId: string;

beforeAll(async () => {
  t = await createTestWorkerDeps();
  const handle = createDb(t.database.url, { max: 1 });
  const owner = await insertUser(handle.db);
  workspaceId = (await insertWorkspace(handle.db, { ownerUserId: owner.id })).workspace.id;
  await handle.close();
});
afterAll(async () => t.close());

describe('experiment-results job', () => {
  it('analyses every running experiment when the scheduled job runs', async () => {
    const id = randomUUID();
    await t.deps.pool.query(
      `INSERT INTO experiments (id, workspace_id, resource_type, resource_id, name, status, goal, started_at, arm_started_at)
       VALUES ($1, $2, 'link', $3, 'Job', 'running', 'conversions', now(), now())`,
      [id, workspaceId, randomUUID()],
    );
    await t.deps.pool.query(
      `INSERT INTO experiment_variants (experiment_id, workspace_id, key, name, is_control, weight, destination_url)
       VALUES ($1, $2, 'a', 'A', true, 5000, 'https://example.com/a'), ($1, $2, 'b', 'B', false, 5000, 'https://example.com/b')`,
      [id, workspaceId],
    );
    const experimentResults = PROCESSORS['experiment-results'];
    expect(experimentResults).toBeDefined();
    const runtime = startWorkers(t.deps, { 'experiment-results': experimentResults });
    const queue = createQueue('experiment-results', t.deps.redis, t.deps.config.REDIS_PREFIX);
    const job = await queue.queue.add('experiment-results', {});
    for (let i = 0; i < 200 && (await job.getState()) !== 'completed'; i++)
      await new Promise((r) => setTimeout(r, 50));
    expect(await job.getState()).toBe('completed');
    const { rows } = await t.deps.pool.query<{ method: string; kind: string }>(
      "SELECT method, analysis #>> '{verdict,kind}' AS kind FROM experiment_results WHERE experiment_id = $1",
      [id],
    );
    expect(rows).toEqual([{ method: 'msprt-normal-mixture-v1', kind: 'waiting' }]);
    await runtime.close();
    await queue.queue.obliterate({ force: true });
    await queue.close();
  });
});
