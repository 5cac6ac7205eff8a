import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from '@linkhub/shared/server/db';
import { insertUser, insertWorkspace } from '@linkhub/shared/server/db/fixtures';
import { createTestDatabase, type TestDatabase } from '@linkhub/shared/server/db/testing';
import { refreshSummaries } from './summaries';

let database: TestDatabase;
let handle: DbHandle;
let workspaceId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  handle = createDb(database.url);
  const owner = await insertUser(handle.db);
  workspaceId = (await insertWorkspace(handle.db, { ownerUserId: owner.id })).workspace.id;
  await handle.pool.query(`UPDATE workspaces SET time_zone = 'Pacific/Auckland' WHERE id = $1`, [
    workspaceId,
  ]);
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

async function hour(
  resourceId: string,
  at: string,
  counts: { clicks?: number; bots?: number },
): Promise<void> {
  await handle.pool.query(
    `INSERT INTO analytics_rollup_hourly (workspace_id, resource_id, resource_type, bucket_start, dimension, value, clicks, bot_events)
     VALUES ($1, $2, 'link', $3, 'all', '', $4, $5)`,
    [workspaceId, resourceId, at, counts.clicks ?? 0, counts.bots ?? 0],
  );
}
type Strip = { day: string; count: number }[];
async function strip(resourceId: string): Promise<Strip> {
  const res = await handle.pool.query<{ daily_counts: Strip }>(
    'SELECT daily_counts FROM analytics_summaries WHERE resource_id = $1',
    [resourceId],
  );
  return res.rows[0]?.daily_counts ?? [];
}

describe('summary daily strip', () => {
  it('holds the last 14 days in the workspace zone, today last, humans only, with empty days as zero', async () => {
    const link = randomUUID();
    // 2026-03-10 11:00 UTC is 2026-03-11 00:00 in Auckland (NZDT, +13): a new local day.
    await hour(link, '2026-03-10T10:00:00Z', { clicks: 2 }); // Auckland 2026-03-10 23:00
    await hour(link, '2026-03-10T11:00:00Z', { clicks: 5, bots: 9 }); // Auckland 2026-03-11 00:00
    await hour(link, '2026-03-01T12:00:00Z', { clicks: 7 }); // older than 14 days before the 12th
    await refreshSummaries(handle.pool, new Date('2026-03-12T03:00:00Z'), [link]); // Auckland 2026-03-12 16:00

    const days = await strip(link);
    expect(days).toHaveLength(14);
    expect(days[0]?.day).toBe('2026-02-27');
    expect(days.at(-1)).toEqual({ day: '2026-03-12', count: 0 });
    expect(days.find((d) => d.day === '2026-03-10')).toEqual({ day: '2026-03-10', count: 2 });
    expect(days.find((d) => d.day === '2026-03-11')).toEqual({ day: '2026-03-11', count: 5 });
    expect(days.reduce((n, d) => n + d.count, 0)).toBe(7 + 2 + 5);
  });

  it('rolls the strip forward as days pass, rewriting the row only when it changed', async () => {
    const link = randomUUID();
    await hour(link, '2026-05-01T00:00:00Z', { clicks: 4 }); // Auckland 2026-05-01 12:00 (NZST, +12)
    expect(await refreshSummaries(handle.pool, new Date('2026-05-01T06:00:00Z'), [link])).toMatchObject({
      changed: 1,
    });
    expect((await strip(link)).at(-1)).toEqual({ day: '2026-05-01', count: 4 });
    expect(await refreshSummaries(handle.pool, new Date('2026-05-01T07:00:00Z'), [link])).toEqual({
      changed: 0,
      workspaceIds: [],
    });

    expect(await refreshSummaries(handle.pool, new Date('2026-05-03T06:00:00Z'), [link])).toMatchObject({
      changed: 1,
    });
    const later = await strip(link);
    expect(later.at(-1)).toEqual({ day: '2026-05-03', count: 0 });
    expect(later.at(-3)).toEqual({ day: '2026-05-01', count: 4 });
  });
});

describe('summary all-time total (D-437)', () => {
  const DAY_MS = 86_400_000;
  const total = async (resourceId: string) =>
    Number(
      (
        await handle.pool.query<{ total_events: string }>(
          'SELECT total_events FROM analytics_summaries WHERE resource_id = $1',
          [resourceId],
        )
      ).rows[0]?.total_events,
    );

  it("counts yesterday's hours while the fold has not completed yesterday's daily rows", async () => {
    const resourceId = randomUUID();
    const midnight = Math.floor(Date.now() / DAY_MS) * DAY_MS;
    await hour(resourceId, new Date(midnight - 3_600_000).toISOString(), { clicks: 4 });
    await hour(resourceId, new Date(midnight - 2 * DAY_MS).toISOString(), { clicks: 1 });
    await handle.pool.query(
      `INSERT INTO analytics_rollup_daily (workspace_id, resource_id, resource_type, bucket_start, dimension, value, clicks)
       VALUES ($1, $2, 'link', $3, 'all', '', 1)`,
      [workspaceId, resourceId, new Date(midnight - 2 * DAY_MS)],
    );
    // at 00:01 UTC the fold has not run since midnight: yesterday has hourly rows only
    await handle.pool.query('UPDATE analytics_fold_state SET folded_through = $1', [
      new Date(midnight - DAY_MS),
    ]);
    await refreshSummaries(handle.pool, new Date(midnight + 60_000), [resourceId]);
    expect(await total(resourceId)).toBe(5);
  });
});
