import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { toClickRow, type ClickRow } from './click-row';
import { writeBatch, writeEntryRowByRow, type EntryRows } from './write-batch';

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

let entrySeq = 0;
/** One stream entry holding the rows (a fresh id each). */
function entry(...rows: ClickRow[]): EntryRows {
  entrySeq += 1;
  return { id: `${Date.now()}-${entrySeq}`, rows };
}

async function clicksOf(resourceId: string): Promise<{ stored: number; rolledUp: number }> {
  const { rows } = await t.deps.pool.query<{ stored: number; rolled_up: number }>(
    `SELECT (SELECT count(*)::int FROM click_events WHERE resource_id = $1) AS stored,
            (SELECT coalesce(sum(clicks), 0)::int FROM analytics_rollup_hourly WHERE resource_id = $1 AND dimension = 'all') AS rolled_up`,
    [resourceId],
  );
  return { stored: rows[0]?.stored ?? -1, rolledUp: rows[0]?.rolled_up ?? -1 };
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
    const result = await writeBatch(t.deps.pool, [entry(odd, row({ resource_id: link, is_bot: true }))]);
    expect(result).toMatchObject({ inserted: 2, duplicates: 0 });
    const stored = await t.deps.pool.query<{
      utm_campaign: string;
      utm_source: string;
      region_code: string | null;
      fallback_stage: number;
      visitor_hash: string;
      occurred_at: Date;
    }>(
      "SELECT utm_campaign, utm_source, region_code, fallback_stage, encode(visitor_hash, 'hex') AS visitor_hash, occurred_at FROM click_events WHERE resource_id = $1 AND NOT is_bot",
      [link],
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

  it('skips an entry stored before and stores the rest of the batch: the stored one is not counted again', async () => {
    const link = randomUUID();
    const first = entry(row({ resource_id: link }), row({ resource_id: link }));
    await writeBatch(t.deps.pool, [first]);
    const result = await writeBatch(t.deps.pool, [first, entry(row({ resource_id: link }))]);
    expect(result).toMatchObject({ inserted: 1, duplicates: 2 });
    expect(await clicksOf(link)).toEqual({ stored: 3, rolledUp: 3 });
  });

  it('a row the database refuses is left out alone, row by row; the entry is then stored and skipped when delivered again', async () => {
    const link = randomUUID();
    const good = row({ resource_id: link });
    const bad = {
      ...good,
      stream_message_id: `${good.stream_message_id}:bad`,
      geo: { ...good.geo, region_code: 'R'.repeat(9) },
    };
    const mixed = entry(row({ resource_id: link }), bad, good);
    await expect(writeBatch(t.deps.pool, [mixed])).rejects.toMatchObject({ code: '23514' });
    expect(await clicksOf(link)).toEqual({ stored: 0, rolledUp: 0 });
    const once = await writeEntryRowByRow(t.deps.pool, mixed);
    expect(once).toMatchObject({ inserted: 2, duplicates: 0 });
    expect(once.refused.map((r) => r.row)).toEqual([bad]);
    expect(once.touched.map((r) => r.resource_id)).toEqual([link]);
    expect(await clicksOf(link)).toEqual({ stored: 2, rolledUp: 2 });
    expect(await writeEntryRowByRow(t.deps.pool, mixed)).toMatchObject({
      inserted: 0,
      duplicates: 3,
      refused: [],
    });
    expect(await writeBatch(t.deps.pool, [mixed, entry(row({ resource_id: link }))])).toMatchObject({
      inserted: 1,
      duplicates: 3,
    });
    expect(await clicksOf(link)).toEqual({ stored: 3, rolledUp: 3 });
  });

  it('any deliveries of any entries, repeated, reordered and overlapping, store and count each entry once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.array(fc.nat({ max: 5 }), { minLength: 1, maxLength: 4 }), {
          minLength: 1,
          maxLength: 5,
        }),
        async (sizes, deliveries) => {
          const link = randomUUID();
          const entries = sizes.map((n) =>
            entry(...Array.from({ length: n }, () => row({ resource_id: link }))),
          );
          for (const picks of deliveries)
            await writeBatch(
              t.deps.pool,
              picks.flatMap((k) => entries.slice(k % entries.length, (k % entries.length) + 1)),
            );
          const delivered = new Set(deliveries.flatMap((picks) => picks.map((k) => k % entries.length)));
          const expected = [...delivered].reduce((n, k) => n + (entries[k]?.rows.length ?? 0), 0);
          expect(await clicksOf(link)).toEqual({ stored: expected, rolledUp: expected });
        },
      ),
      { numRuns: 15 },
    );
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
    const delivered = [entry(...batch.slice(0, 2)), entry(...batch.slice(2))];
    await writeBatch(t.deps.pool, delivered);
    await writeBatch(t.deps.pool, delivered); // redelivered: nothing new
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
