import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import type { RollupIncrement } from './aggregate';
import { rollupStatements } from './rollup-sql';

let t: TestWorkerDeps;
beforeAll(async () => {
  t = await createTestWorkerDeps();
});
afterAll(async () => {
  await t.close();
});

const key = (r: Pick<RollupIncrement, 'resource_id' | 'bucket_start' | 'dimension' | 'value'>) =>
  JSON.stringify([r.resource_id, r.bucket_start, r.dimension, r.value]);

describe('rollupStatements', () => {
  it('adds every increment to its row and the `all` ones to their workspace hour, whatever the values, ids and hours of a batch', async () => {
    const workspaces = [randomUUID(), randomUUID()];
    const resources = [0, 1, 2].map((k) => ({
      resource_id: randomUUID(),
      workspace_id: workspaces[k % 2] ?? '',
    }));
    const hours = ['2026-12-05T22:00:00.000Z', '2026-12-05T23:00:00.000Z', '2026-12-06T00:00:00.000Z'];
    const count = fc.nat({ max: 1000 });
    const increment = fc.record({
      resource: fc.constantFrom(...resources),
      bucket_start: fc.constantFrom(...hours),
      dimension: fc.constantFrom('all', 'country', 'referrer_host', 'utm_campaign'),
      // what array literals and SQL strings must carry intact: quotes, backslashes, braces, commas, NULL-like text
      value: fc.oneof(
        fc.string({ unit: 'grapheme', maxLength: 12 }),
        fc.constantFrom('', '"', "'", '\\', '{a,b}', 'NULL', 'a,b', ' x ', '東京'),
      ),
      clicks: count,
      scans: count,
      page_views: count,
      bot_events: count,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(increment, { maxLength: 20 }), { minLength: 1, maxLength: 3 }),
        async (batches) => {
          const ids = resources.map((r) => r.resource_id);
          await t.deps.pool.query('DELETE FROM analytics_rollup_hourly WHERE resource_id = ANY($1::uuid[])', [
            ids,
          ]);
          await t.deps.pool.query(
            'DELETE FROM analytics_rollup_workspace_hourly WHERE workspace_id = ANY($1::uuid[])',
            [workspaces],
          );
          const expected = new Map<string, [number, number, number, number]>();
          const totals = new Map<string, [number, number, number, number]>();
          const add = (
            into: Map<string, [number, number, number, number]>,
            k: string,
            r: RollupIncrement,
          ) => {
            const [c, s, p, b] = into.get(k) ?? [0, 0, 0, 0];
            into.set(k, [c + r.clicks, s + r.scans, p + r.page_views, b + r.bot_events]);
          };
          for (const batch of batches) {
            // one increment per row key in a batch, sorted by it, as aggregateBatch hands them over
            const rollups: RollupIncrement[] = [
              ...new Map(
                batch.map(({ resource, ...r }): [string, RollupIncrement] => {
                  const row = { ...resource, resource_type: 'link' as const, ...r };
                  return [key(row), row];
                }),
              ).values(),
            ].sort((a, b) => (key(a) < key(b) ? -1 : 1));
            for (const r of rollups) {
              add(expected, key(r), r);
              if (r.dimension === 'all') add(totals, JSON.stringify([r.workspace_id, r.bucket_start]), r);
            }
            const statements = rollupStatements(rollups, []);
            if (statements.length > 0) await t.deps.pool.query(statements.join(';\n'));
          }
          const stored = await t.deps.pool.query<RollupIncrement & { bucket: Date }>(
            `SELECT resource_id::text, bucket_start AS bucket, dimension, value, clicks::int, scans::int, page_views::int, bot_events::int
             FROM analytics_rollup_hourly WHERE resource_id = ANY($1::uuid[])`,
            [ids],
          );
          expect(
            new Map(
              stored.rows.map((r) => [
                key({ ...r, bucket_start: r.bucket.toISOString() }),
                [r.clicks, r.scans, r.page_views, r.bot_events],
              ]),
            ),
          ).toEqual(expected);
          const storedTotals = await t.deps.pool.query<RollupIncrement & { bucket: Date }>(
            `SELECT workspace_id::text, bucket_start AS bucket, clicks::int, scans::int, page_views::int, bot_events::int
             FROM analytics_rollup_workspace_hourly WHERE workspace_id = ANY($1::uuid[])`,
            [workspaces],
          );
          expect(
            new Map(
              storedTotals.rows.map((r) => [
                JSON.stringify([r.workspace_id, r.bucket.toISOString()]),
                [r.clicks, r.scans, r.page_views, r.bot_events],
              ]),
            ),
          ).toEqual(totals);
        },
      ),
      { numRuns: 30 },
    );
  });
});
