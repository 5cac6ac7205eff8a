import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/analytics/test-events';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { toClickRow, type ClickRow } from '../ingest/click-row';
import { writeBatch } from '../ingest/write-batch';
import { recomputeFromRaw } from './recompute';

let t: TestWorkerDeps;
beforeAll(async () => {
  t = await createTestWorkerDeps();
});
afterAll(async () => {
  await t.close();
});

const HOUR_MS = 3_600_000;

function row(
  workspace: string,
  at: Date,
  seq: number,
  overrides: Partial<Parameters<typeof testEvent>[0]> = {},
): ClickRow {
  const r = toClickRow(
    `${at.getTime()}-${seq}`,
    testEvent(
      { workspace_id: workspace, resource_id: randomUUID(), occurred_at: at.toISOString(), ...overrides },
      `r${seq}`,
    ),
  );
  if (!r.ok) throw new Error(r.reason);
  return r.row;
}

describe('recomputeFromRaw', () => {
  it('rebuilds the whole-workspace hourly totals from the raw events, as the ingest wrote them', async () => {
    const workspace = randomUUID();
    const hour = new Date(Math.floor(Date.now() / HOUR_MS) * HOUR_MS - 2 * HOUR_MS);
    await writeBatch(
      t.deps.pool,
      [
        row(workspace, new Date(hour.getTime() + 60_000), 1),
        row(workspace, new Date(hour.getTime() + 120_000), 2, { is_bot: true }),
      ],
      { fresh: true },
    );
    const totals = async () =>
      (
        await t.deps.pool.query<{ clicks: string; bot_events: string }>(
          'SELECT clicks, bot_events FROM analytics_rollup_workspace_hourly WHERE workspace_id = $1',
          [workspace],
        )
      ).rows.map((r) => [Number(r.clicks), Number(r.bot_events)]);
    expect(await totals()).toEqual([[1, 1]]);
    // a lost increment (e.g. a crash between two writers in an older version) is repaired
    await t.deps.pool.query(
      'UPDATE analytics_rollup_workspace_hourly SET clicks = 0 WHERE workspace_id = $1',
      [workspace],
    );
    await recomputeFromRaw(t.deps.pool, hour, new Date(hour.getTime() + HOUR_MS));
    expect(await totals()).toEqual([[1, 1]]);
  });
});
