import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import type { UniqueVisitorDay } from './aggregate';
import { visitorDaysStatement } from './rollup-sql';

let t: TestWorkerDeps;
beforeAll(async () => {
  t = await createTestWorkerDeps();
});
afterAll(async () => {
  await t.close();
});

const key = (u: UniqueVisitorDay) => `${u.resource_id}|${u.event_date}|${u.visitor_hash}`;
/** Deduplicated and sorted by key, as aggregateBatch hands them over. */
const asAggregated = (list: UniqueVisitorDay[]) =>
  [...new Map(list.map((u) => [key(u), u])).values()].sort((a, b) => (key(a) < key(b) ? -1 : 1));

describe('visitorDaysStatement', () => {
  it('stores each (resource, day, visitor) once, whatever runs the batches hold and however they overlap', async () => {
    const workspaces = [randomUUID(), randomUUID()];
    const resources = [0, 1, 2].map((k) => ({
      resource_id: randomUUID(),
      workspace_id: workspaces[k % 2] ?? '',
    }));
    const visitor = fc.record({
      resource: fc.constantFrom(...resources),
      event_date: fc.constantFrom('2026-12-04', '2026-12-05'),
      visitor_hash: fc
        .constantFrom('00', 'ab', 'ff', '7e')
        .chain((head) =>
          fc.uint8Array({ minLength: 15, maxLength: 15 }).map((b) => head + Buffer.from(b).toString('hex')),
        ),
    });
    const toDay = (v: {
      resource: (typeof resources)[number];
      event_date: string;
      visitor_hash: string;
    }) => ({
      ...v.resource,
      event_date: v.event_date,
      visitor_hash: v.visitor_hash,
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(visitor, { minLength: 1, maxLength: 30 }), { minLength: 1, maxLength: 3 }),
        async (batches) => {
          const ids = resources.map((r) => r.resource_id);
          await t.deps.pool.query(
            'DELETE FROM analytics_unique_visitor_days WHERE resource_id = ANY($1::uuid[])',
            [ids],
          );
          const all: UniqueVisitorDay[] = [];
          for (const batch of batches) {
            const days = asAggregated(batch.map(toDay));
            all.push(...days);
            await t.deps.pool.query(visitorDaysStatement(days));
          }
          const { rows } = await t.deps.pool.query<UniqueVisitorDay>(
            `SELECT workspace_id::text, resource_id::text, to_char(event_date, 'YYYY-MM-DD') AS event_date,
                    encode(visitor_hash, 'hex') AS visitor_hash
               FROM analytics_unique_visitor_days WHERE resource_id = ANY($1::uuid[])`,
            [ids],
          );
          expect(asAggregated(rows)).toEqual(asAggregated(all));
        },
      ),
      { numRuns: 25 },
    );
  });
});
