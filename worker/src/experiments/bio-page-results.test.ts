import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import type { AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createDb } from '@linkhub/shared/server/db';
import { experimentAnalysisSchema } from '@linkhub/shared/experiments/schemas';
import { toClickRow } from '../ingest/click-row';
import { writeBatch } from '../ingest/write-batch';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { computeExperimentResults, experimentsDue } from './results';

/**
 * Bio page experiments in the worker (D-279): the edge's page_view and block click events
 * (with `variant_id`) go through the real ingest into click_events, and the results count a
 * visitor-day as converted when it clicked through the page under its variant; bots never count.
 */
let t: TestWorkerDeps;
let ws: string;
beforeAll(async () => {
  t = await createTestWorkerDeps();
  const handle = createDb(t.database.url);
  try {
    const owner = await insertUser(handle.db);
    ws = (await insertWorkspace(handle.db, { ownerUserId: owner.id })).workspace.id;
  } finally {
    await handle.close();
  }
});
afterAll(async () => {
  await t.close();
});

async function bioExperiment(goalBlockId: string | null) {
  const id = randomUUID();
  const page = randomUUID();
  const [a, b] = [randomUUID(), randomUUID()];
  await t.deps.pool.query(
    `INSERT INTO experiments (id, workspace_id, resource_type, resource_id, name, status, goal, goal_block_id, started_at, arm_started_at)
     VALUES ($1, $2, 'bio_page', $3, 'Order', 'running', 'clicks', $4, now() - interval '1 hour', now() - interval '1 hour')`,
    [id, ws, page, goalBlockId],
  );
  await t.deps.pool.query(
    `INSERT INTO experiment_variants (id, experiment_id, workspace_id, key, name, is_control, weight, payload) VALUES
       ($1, $3, $4, 'a', 'A', true, 5000, '{}'), ($2, $3, $4, 'b', 'B', false, 5000, '{"block_order":["x"]}')`,
    [a, b, id, ws],
  );
  return { id, page, a, b };
}

let seq = 0;
/** Events as the edge emits them, through the ingest's own row builder and batch writer. */
async function ingest(events: AnalyticsEvent[]): Promise<void> {
  const rows = events.map((event) => {
    seq += 1;
    const r = toClickRow(`${Date.now()}-${seq}`, event);
    if (!r.ok) throw new Error(r.reason);
    return r.row;
  });
  await writeBatch(t.deps.pool, [{ id: `${Date.now()}-${seq}`, rows }]);
}

const view = (page: string, variant: string, visitor: string, bot = false) =>
  testEvent(
    {
      workspace_id: ws,
      event_type: 'page_view',
      resource_type: 'bio_page',
      resource_id: page,
      variant_id: variant,
      is_bot: bot,
    },
    visitor,
  );
const click = (page: string, variant: string, visitor: string, block: string, bot = false) =>
  testEvent(
    {
      workspace_id: ws,
      event_type: 'click',
      resource_type: 'bio_page',
      resource_id: page,
      block_id: block,
      variant_id: variant,
      is_bot: bot,
    },
    visitor,
  );

async function resultsOf(id: string) {
  const [due] = await experimentsDue(t.deps.pool, id);
  if (!due) throw new Error('not due');
  await computeExperimentResults(t.deps.pool, due);
  const { rows } = await t.deps.pool.query(
    'SELECT analysis FROM experiment_results WHERE experiment_id = $1',
    [id],
  );
  const analysis = experimentAnalysisSchema.parse(rows[0]?.analysis);
  return (variant: string) => analysis.variants.find((v) => v.variant_id === variant);
}

describe('bio page experiment results', () => {
  it('stores the block click with its variant, and counts click-through visitor-days per variant, bots apart', async () => {
    const e = await bioExperiment(null);
    const [blockOne, blockTwo] = [randomUUID(), randomUUID()];
    const events: AnalyticsEvent[] = [];
    // A: 10 visitor-days, 3 click (one of them twice), a bot views and clicks.
    for (let v = 0; v < 10; v++) events.push(view(e.page, e.a, `a${v}`));
    events.push(view(e.page, e.a, 'a0'));
    for (const v of [0, 1, 2]) events.push(click(e.page, e.a, `a${v}`, blockOne));
    events.push(click(e.page, e.a, 'a0', blockTwo));
    events.push(view(e.page, e.a, 'bot', true), click(e.page, e.a, 'bot', blockOne, true));
    // B: 8 visitor-days, 5 click.
    for (let v = 0; v < 8; v++) events.push(view(e.page, e.b, `b${v}`));
    for (const v of [0, 1, 2, 3, 4]) events.push(click(e.page, e.b, `b${v}`, blockTwo));
    await ingest(events);

    const stored = await t.deps.pool.query<{
      resource_type: string;
      parent_resource_id: string;
      variant_id: string;
    }>(
      `SELECT resource_type, parent_resource_id, variant_id FROM click_events WHERE resource_id = $1 AND event_type = 'click'`,
      [blockTwo],
    );
    expect(stored.rows).toHaveLength(6);
    expect(stored.rows.filter((r) => r.variant_id === e.b)).toHaveLength(5);
    expect(stored.rows.every((r) => r.resource_type === 'bio_block' && r.parent_resource_id === e.page)).toBe(
      true,
    );

    const of = await resultsOf(e.id);
    expect(of(e.a)).toMatchObject({ visitors: 10, conversions: 3, bot_visitors: 1 });
    expect(of(e.b)).toMatchObject({ visitors: 8, conversions: 5, bot_visitors: 0 });
  });

  it('with a chosen goal block, counts only clicks on that block', async () => {
    const goal = randomUUID();
    const other = randomUUID();
    const e = await bioExperiment(goal);
    const events: AnalyticsEvent[] = [];
    for (let v = 0; v < 6; v++) events.push(view(e.page, e.a, `ga${v}`), view(e.page, e.b, `gb${v}`));
    events.push(click(e.page, e.a, 'ga0', goal), click(e.page, e.a, 'ga1', other));
    events.push(click(e.page, e.b, 'gb0', other), click(e.page, e.b, 'gb1', other));
    await ingest(events);
    const of = await resultsOf(e.id);
    expect(of(e.a)).toMatchObject({ visitors: 6, conversions: 1 });
    expect(of(e.b)).toMatchObject({ visitors: 6, conversions: 0 });
  });
});
