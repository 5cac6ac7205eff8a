import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { toClickRow, type ClickRow } from '../ingest/click-row';
import { writeBatch } from '../ingest/write-batch';
import { foldClosedDays, recomputeFromRaw } from './recompute';

let t: TestWorkerDeps;
beforeAll(async () => {
  t = await createTestWorkerDeps();
});
afterAll(async () => {
  await t.close();
});

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

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
    await writeBatch(t.deps.pool, [
      {
        id: `${Date.now()}-1`,
        rows: [
          row(workspace, new Date(hour.getTime() + 60_000), 1),
          row(workspace, new Date(hour.getTime() + 120_000), 2, { is_bot: true }),
        ],
      },
    ]);
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

describe('foldClosedDays (D-437)', () => {
  const midnight = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
  const at = (ms: number) => new Date(midnight.getTime() + ms);

  async function hourly(workspace: string, resource: string, bucket: Date, clicks: number): Promise<void> {
    await t.deps.pool.query(
      `INSERT INTO analytics_rollup_hourly (workspace_id, resource_id, resource_type, bucket_start, dimension, value, clicks)
       VALUES ($1, $2, 'link', $3, 'all', '', $4)`,
      [workspace, resource, bucket, clicks],
    );
  }
  const daily = async (workspace: string) =>
    (
      await t.deps.pool.query<{ day: Date; clicks: string }>(
        `SELECT bucket_start AS day, clicks FROM analytics_rollup_daily WHERE workspace_id = $1 AND dimension = 'all' ORDER BY 1`,
        [workspace],
      )
    ).rows.map((r) => [r.day.toISOString(), Number(r.clicks)]);
  const setFoldedThrough = (d: Date) =>
    t.deps.pool.query('UPDATE analytics_fold_state SET folded_through = $1', [d]);

  it('marks yesterday complete only once nothing captured in it still waits in Redis', async () => {
    const workspace = randomUUID();
    const resource = randomUUID();
    await setFoldedThrough(at(-DAY_MS));
    await hourly(workspace, resource, at(-2 * HOUR_MS), 3);
    await hourly(workspace, resource, at(-HOUR_MS), 2);
    // one minute after midnight, an event captured ten seconds before it is not stored yet
    const waiting = await foldClosedDays(t.deps.pool, at(60_000), at(-10_000).getTime());
    expect(waiting.foldedThrough).toEqual(at(-DAY_MS));
    expect(await daily(workspace)).toEqual([[at(-DAY_MS).toISOString(), 5]]);
    // it is stored (one more click in the last hour); the next fold folds the day again and closes it
    await t.deps.pool.query(
      'UPDATE analytics_rollup_hourly SET clicks = clicks + 1 WHERE workspace_id = $1 AND bucket_start = $2',
      [workspace, at(-HOUR_MS)],
    );
    const closed = await foldClosedDays(t.deps.pool, at(120_000), null);
    expect(closed.foldedThrough).toEqual(midnight);
    expect(await daily(workspace)).toEqual([[at(-DAY_MS).toISOString(), 6]]);
  });

  it('a worker that was down folds every day it missed, and the mark never goes back', async () => {
    const workspace = randomUUID();
    const resource = randomUUID();
    await setFoldedThrough(at(-4 * DAY_MS));
    await hourly(workspace, resource, at(-3 * DAY_MS + HOUR_MS), 1);
    await hourly(workspace, resource, at(-2 * DAY_MS + HOUR_MS), 2);
    await hourly(workspace, resource, at(HOUR_MS), 4);
    const caughtUp = await foldClosedDays(t.deps.pool, at(2 * HOUR_MS), null);
    expect(caughtUp.foldedThrough).toEqual(midnight);
    expect(await daily(workspace)).toEqual([
      [at(-3 * DAY_MS).toISOString(), 1],
      [at(-2 * DAY_MS).toISOString(), 2],
      [midnight.toISOString(), 4],
    ]);
    // an older event still waiting does not move the mark back
    const again = await foldClosedDays(t.deps.pool, at(2 * HOUR_MS), at(-DAY_MS).getTime());
    expect(again.foldedThrough).toEqual(midnight);
  });
});
