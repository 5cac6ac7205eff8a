import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/analytics/test-events';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { toClickRow, type ClickRow } from './click-row';
import { writeBatch } from './write-batch';

let t: TestWorkerDeps;
beforeAll(async () => {
  t = await createTestWorkerDeps();
});
afterAll(async () => {
  await t.close();
});

const ws = randomUUID();
let seq = 0;
function row(overrides: Partial<Parameters<typeof testEvent>[0]> & { resource_id: string }): ClickRow {
  seq += 1;
  const r = toClickRow(`${Date.now()}-${seq}`, testEvent({ workspace_id: ws, ...overrides }, `w${seq}`));
  if (!r.ok) throw new Error(r.reason);
  return r.row;
}

describe('writeBatch', () => {
  it('stores new rows by COPY exactly as given, even values with tabs, newlines and backslashes', async () => {
    const link = randomUUID();
    const odd = row({
      resource_id: link,
      utm_campaign: 'spring\tsale\nline 2\\end \\N',
      utm_source: 'naïve "quoted"',
      utm_medium: "it's a \\' quote",
      region_code: null,
      fallback_stage: 'last_good',
    });
    const result = await writeBatch(t.deps.pool, [odd, row({ resource_id: link, is_bot: true })], {
      fresh: true,
    });
    expect(result).toMatchObject({ inserted: 2, duplicates: 0 });
    const stored = await t.deps.pool.query<{
      utm_campaign: string;
      utm_source: string;
      region_code: string | null;
      fallback_stage: number;
      visitor_hash: string;
      occurred_at: Date;
    }>(
      "SELECT utm_campaign, utm_source, region_code, fallback_stage, encode(visitor_hash, 'hex') AS visitor_hash, occurred_at FROM click_events WHERE stream_message_id = $1",
      [odd.stream_message_id],
    );
    expect(stored.rows[0]).toEqual({
      utm_campaign: 'spring\tsale\nline 2\\end \\N',
      utm_source: 'naïve "quoted"',
      region_code: null,
      fallback_stage: 2,
      visitor_hash: odd.visitor_hash,
      occurred_at: odd.occurred_at,
    });
    // the rollups carry the same values (sent as SQL constants with the COMMIT)
    const values = await t.deps.pool.query<{ dimension: string; value: string }>(
      "SELECT dimension, value FROM analytics_rollup_hourly WHERE resource_id = $1 AND dimension IN ('utm_campaign', 'utm_source', 'utm_medium') ORDER BY dimension",
      [link],
    );
    expect(values.rows).toEqual([
      { dimension: 'utm_campaign', value: 'spring\tsale\nline 2\\end \\N' },
      { dimension: 'utm_medium', value: "it's a \\' quote" },
      { dimension: 'utm_source', value: 'naïve "quoted"' },
    ]);
  });

  it('writes a "new" batch holding an already stored row the skipping way: the stored one is not counted again', async () => {
    const link = randomUUID();
    const first = row({ resource_id: link });
    await writeBatch(t.deps.pool, [first], { fresh: true });
    const result = await writeBatch(t.deps.pool, [first, row({ resource_id: link })], { fresh: true });
    expect(result).toMatchObject({ inserted: 1, duplicates: 1 });
    const clicks = await t.deps.pool.query<{ n: string }>(
      "SELECT sum(clicks) AS n FROM analytics_rollup_hourly WHERE resource_id = $1 AND dimension = 'all'",
      [link],
    );
    expect(Number(clicks.rows[0]?.n)).toBe(2);
  });

  it('adds every resource of a workspace to its hourly totals, bots apart, once however often a batch is delivered', async () => {
    const workspace = randomUUID();
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3 * 3_600_000);
    const at = (minutes: number) => new Date(hour.getTime() + minutes * 60_000).toISOString();
    const batch = [
      row({ workspace_id: workspace, resource_id: randomUUID(), occurred_at: at(1) }),
      row({
        workspace_id: workspace,
        resource_id: randomUUID(),
        occurred_at: at(2),
        event_type: 'scan',
        resource_type: 'qr_code',
      }),
      row({ workspace_id: workspace, resource_id: randomUUID(), occurred_at: at(3), is_bot: true }),
      row({ workspace_id: workspace, resource_id: randomUUID(), occurred_at: at(70) }),
    ];
    await writeBatch(t.deps.pool, batch, { fresh: true });
    await writeBatch(t.deps.pool, batch); // redelivered: nothing new
    const totals = await t.deps.pool.query<{
      bucket_start: Date;
      clicks: string;
      scans: string;
      bot_events: string;
    }>(
      'SELECT bucket_start, clicks, scans, bot_events FROM analytics_rollup_workspace_hourly WHERE workspace_id = $1 ORDER BY bucket_start',
      [workspace],
    );
    expect(
      totals.rows.map((r) => [
        r.bucket_start.toISOString(),
        Number(r.clicks),
        Number(r.scans),
        Number(r.bot_events),
      ]),
    ).toEqual([
      [hour.toISOString(), 1, 1, 1],
      [new Date(hour.getTime() + 3_600_000).toISOString(), 1, 0, 0],
    ]);
  });
});
