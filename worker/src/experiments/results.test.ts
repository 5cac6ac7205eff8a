import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createTestDatabase, type TestDatabase } from '@linkhub/shared/server/db/testing';
import { experimentAnalysisSchema, type ExperimentAnalysis } from '@linkhub/shared/experiments/schemas';
import { visitorKeyFor } from '@linkhub/shared/server/experiments/visitor-key';
import { computeExperimentResults, experimentsDue } from './results';

let database: TestDatabase;
let handle: DbHandle;
let workspaceId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = createDb(database.url);
  const owner = await insertUser(handle.db);
  workspaceId = (await insertWorkspace(handle.db, { ownerUserId: owner.id })).workspace.id;
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

const sql = (text: string, values: unknown[] = []) => handle.pool.query(text, values);
const hashOf = (n: number) => createHash('sha256').update(`visitor-${n}`).digest('hex').slice(0, 32);

async function experiment(weights: [number, number]) {
  const id = randomUUID();
  const link = randomUUID();
  const [a, b] = [randomUUID(), randomUUID()];
  await sql(
    `INSERT INTO experiments (id, workspace_id, resource_type, resource_id, name, status, goal, started_at, arm_started_at)
     VALUES ($1, $2, 'link', $3, 'Test', 'running', 'conversions', now() - interval '1 hour', now() - interval '1 hour')`,
    [id, workspaceId, link],
  );
  await sql(
    `INSERT INTO experiment_variants (id, experiment_id, workspace_id, key, name, is_control, weight, destination_url) VALUES
       ($1, $3, $4, 'a', 'A', true, $5, 'https://example.com/a'), ($2, $3, $4, 'b', 'B', false, $6, 'https://example.com/b')`,
    [a, b, id, workspaceId, weights[0], weights[1]],
  );
  return { id, link, a, b };
}

async function visit(
  link: string,
  variant: string,
  visitor: number,
  opts: { bot?: boolean; at?: Date } = {},
) {
  await sql(
    `INSERT INTO click_events (occurred_at, event_type, workspace_id, resource_type, resource_id, visitor_hash, variant_id, is_bot)
     VALUES ($1, 'click', $2, 'link', $3, decode($4, 'hex'), $5, $6)`,
    [opts.at ?? new Date(), workspaceId, link, hashOf(visitor), variant, opts.bot === true],
  );
}

async function convert(experimentId: string, variant: string, visitor: number) {
  await sql(
    `INSERT INTO experiment_conversions (experiment_id, workspace_id, arm_period, variant_id, exposure_day, visitor_key, source)
     VALUES ($1, $2, 1, $3, (now() AT TIME ZONE 'UTC')::date, $4, 'api')`,
    [experimentId, workspaceId, variant, visitorKeyFor(hashOf(visitor), experimentId)],
  );
}

async function analysisOf(id: string): Promise<ExperimentAnalysis> {
  const [due] = await experimentsDue(handle.pool, id);
  if (!due) throw new Error('not due');
  await computeExperimentResults(handle.pool, due);
  const { rows } = await sql('SELECT analysis FROM experiment_results WHERE experiment_id = $1', [id]);
  return experimentAnalysisSchema.parse(rows[0]?.analysis);
}

describe('experiment results from the rollups', () => {
  it('counts visitor-days (repeat visits once), bots apart, and conversions only of real human exposures', async () => {
    const e = await experiment([5000, 5000]);
    for (let v = 1; v <= 10; v++) {
      await visit(e.link, v % 2 === 0 ? e.b : e.a, v);
      await visit(e.link, v % 2 === 0 ? e.b : e.a, v); // the same visitor again that day
    }
    await visit(e.link, e.a, 99, { bot: true });
    await convert(e.id, e.b, 2); // a real B visitor
    await convert(e.id, e.b, 4);
    await convert(e.id, e.a, 1);
    await convert(e.id, e.a, 99); // the bot's visitor-day: not counted
    await convert(e.id, e.a, 500); // no exposure at all: not counted
    await convert(e.id, e.b, 3); // an A visitor reported under B: not counted
    const analysis = await analysisOf(e.id);
    const [a, b] = analysis.variants;
    expect(a).toMatchObject({ key: 'a', visitors: 5, conversions: 1, bot_visitors: 1 });
    expect(b).toMatchObject({ key: 'b', visitors: 5, conversions: 2, bot_visitors: 0 });
    expect(analysis.unit).toBe('visitor_day');
    expect(analysis.verdict.kind).toBe('no_winner_yet');
    const rollup = await sql(
      'SELECT sum(visitors)::int AS v, sum(conversions)::int AS c FROM experiment_assignments_rollup WHERE experiment_id = $1',
      [e.id],
    );
    expect(rollup.rows[0]).toEqual({ v: 10, c: 3 });
  });

  it('recomputing is idempotent and picks up what arrived since', async () => {
    const e = await experiment([5000, 5000]);
    await visit(e.link, e.a, 1);
    await visit(e.link, e.b, 2);
    expect((await analysisOf(e.id)).total_visitors).toBe(2);
    expect((await analysisOf(e.id)).total_visitors).toBe(2);
    await visit(e.link, e.b, 3);
    await convert(e.id, e.b, 3);
    const after = await analysisOf(e.id);
    expect(after.total_visitors).toBe(3);
    expect(after.variants[1]?.conversions).toBe(1);
  });

  it('flags a sample-ratio mismatch on a deliberately skewed stream', async () => {
    const e = await experiment([5000, 5000]);
    for (let v = 0; v < 400; v++) await visit(e.link, v < 260 ? e.a : e.b, 1000 + v);
    const analysis = await analysisOf(e.id);
    expect(analysis.srm.flagged).toBe(true);
    expect(analysis.verdict.kind).toBe('sample_ratio_mismatch');
    const stored = await sql('SELECT srm_flagged FROM experiment_results WHERE experiment_id = $1', [e.id]);
    expect(stored.rows[0]).toEqual({ srm_flagged: true });
  });

  it('events before the arm period started belong to no analysis of it', async () => {
    const e = await experiment([5000, 5000]);
    await visit(e.link, e.a, 1, { at: new Date(Date.now() - 3 * 3600_000) });
    await visit(e.link, e.a, 2);
    expect((await analysisOf(e.id)).total_visitors).toBe(1);
  });
});
