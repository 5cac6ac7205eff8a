import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBatchStreamFields, type AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { createIngestConsumer } from './consumer';
import { clicksDeadLetterKey, INGEST_GROUP } from './names';

let t: TestWorkerDeps;
beforeAll(async () => {
  t = await createTestWorkerDeps();
});
afterAll(async () => {
  await t.close();
});

const ws = randomUUID();
const link = randomUUID();

async function xadd(fields: string[]): Promise<void> {
  await t.deps.redis.xadd(clicksStreamKey(t.deps.config.REDIS_PREFIX), '*', ...fields);
}
/** One event in an entry of its own, as the edge writes a batch of one. */
const alone = (event: AnalyticsEvent): string[] => toBatchStreamFields([event]);
async function count(sql: string, params: unknown[] = []): Promise<number> {
  const res = await t.deps.pool.query<{ n: string }>(sql, params);
  return Number(res.rows[0]?.n ?? 0);
}
/** What a resource has stored: its events, its clicks in the hourly rollups, its visitor days. */
async function storedFor(
  resourceId: string,
): Promise<{ events: number; clicks: number; visitorDays: number }> {
  return {
    events: await count('SELECT count(*) AS n FROM click_events WHERE resource_id = $1', [resourceId]),
    clicks: await count(
      "SELECT sum(clicks) AS n FROM analytics_rollup_hourly WHERE resource_id = $1 AND dimension = 'all'",
      [resourceId],
    ),
    visitorDays: await count(
      'SELECT count(*) AS n FROM analytics_unique_visitor_days WHERE resource_id = $1',
      [resourceId],
    ),
  };
}
function consumer(name: string, options: { parallel?: number } = {}) {
  return createIngestConsumer(
    { pool: t.deps.pool, redis: t.deps.redis, logger: t.deps.logger, prefix: t.deps.config.REDIS_PREFIX },
    { consumerName: name, blockMs: 100, refreshSummaries: false, ...options },
  );
}
async function pendingCount(): Promise<number> {
  const pending = await t.deps.redis.call(
    'XPENDING',
    clicksStreamKey(t.deps.config.REDIS_PREFIX),
    INGEST_GROUP,
  );
  return Array.isArray(pending) && typeof pending[0] === 'number' ? pending[0] : -1;
}
async function deadLetters(): Promise<Array<{ id: string; reason: string }>> {
  return (await t.deps.redis.lrange(clicksDeadLetterKey(t.deps.config.REDIS_PREFIX), 0, -1)).map(
    (s) => JSON.parse(s) as { id: string; reason: string },
  );
}
async function waitFor(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 200; i += 1) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('ingest consumer', () => {
  it('writes a batch once even when it is redelivered after a crash before the ack', async () => {
    const a = consumer('a');
    await a.ensureGroup();
    for (let i = 0; i < 5; i += 1)
      await xadd(alone(testEvent({ workspace_id: ws, resource_id: link }, `v${i % 2}`)));
    const batch = await a.readNew();
    expect(batch).toHaveLength(5);
    const first = await a.handle(batch, { ack: false }); // committed, then "crashed" before XACK
    expect(first.inserted).toBe(5);

    const b = consumer('b'); // another consumer claims the dead one's pending entries
    const claimed = await b.claimStale(0);
    expect(claimed.map((e) => e.id)).toEqual(batch.map((e) => e.id));
    const second = await b.handle(claimed, { redelivered: true });
    expect(second).toMatchObject({ inserted: 0, duplicates: 5 });

    expect(await count('SELECT count(*) AS n FROM click_events WHERE resource_id = $1', [link])).toBe(5);
    expect(
      await count(
        "SELECT sum(clicks) AS n FROM analytics_rollup_hourly WHERE resource_id = $1 AND dimension = 'all'",
        [link],
      ),
    ).toBe(5);
    expect(
      await count(
        "SELECT sum(clicks) AS n FROM analytics_rollup_hourly WHERE resource_id = $1 AND dimension = 'country' AND value = 'FR'",
        [link],
      ),
    ).toBe(5);
    expect(
      await count('SELECT count(*) AS n FROM analytics_unique_visitor_days WHERE resource_id = $1', [link]),
    ).toBe(2);
    const pending = await t.deps.redis.call(
      'XPENDING',
      clicksStreamKey(t.deps.config.REDIS_PREFIX),
      INGEST_GROUP,
    );
    expect(Array.isArray(pending) ? pending[0] : null).toBe(0);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('dead-letters a bad event with the reason and still writes the rest of the batch', async () => {
    const other = randomUUID();
    const c = consumer('c');
    await c.ensureGroup();
    await xadd(alone(testEvent({ workspace_id: ws, resource_id: other })));
    // an event type that does not exist, in an otherwise well-formed entry
    await xadd(
      alone(testEvent({ workspace_id: ws, resource_id: other })).map((field, i) =>
        i === 5 ? field.replace('"click"', '"teleport"') : field,
      ),
    );
    await xadd(alone(testEvent({ workspace_id: ws, resource_id: 'not-a-uuid' })));
    await xadd(alone(testEvent({ workspace_id: ws, resource_id: other, is_bot: true })));
    const result = await c.handle(await c.readNew());
    expect(result).toMatchObject({ entries: 4, inserted: 2, deadLettered: 2 });
    const dead = (await t.deps.redis.lrange(clicksDeadLetterKey(t.deps.config.REDIS_PREFIX), 0, -1)).map(
      (s) => JSON.parse(s) as { reason: string },
    );
    expect(dead.map((d) => d.reason).join('\n')).toMatch(/resource_id: not a UUID/);
    expect(dead.map((d) => d.reason).join('\n')).toMatch(/event_type/);
    expect(
      await count(
        "SELECT sum(clicks) AS n FROM analytics_rollup_hourly WHERE resource_id = $1 AND dimension = 'all'",
        [other],
      ),
    ).toBe(1);
    expect(
      await count(
        "SELECT sum(bot_events) AS n FROM analytics_rollup_hourly WHERE resource_id = $1 AND dimension = 'all'",
        [other],
      ),
    ).toBe(1);
    // bots are stored but are no unique visitors
    expect(
      await count('SELECT count(*) AS n FROM analytics_unique_visitor_days WHERE resource_id = $1', [other]),
    ).toBe(1);
    await c.stop();
  });

  it("writes the events of the edge's batch entries, dead-letters a bad line alone, and counts a redelivered batch once", async () => {
    const batched = randomUUID();
    const e = consumer('e');
    await e.ensureGroup();
    const good = Array.from({ length: 4 }, (_, i) =>
      testEvent({ workspace_id: ws, resource_id: batched }, `b${i}`),
    );
    // the edge's entry with a bad line added, then another entry
    const [first, second] = [toBatchStreamFields(good.slice(0, 3)), toBatchStreamFields(good.slice(3))];
    await xadd([...first.slice(0, 7), `${first[7] ?? ''}\n["teleport"]`]);
    await xadd(second);
    const entries = await e.readNew();
    expect(entries).toHaveLength(2);
    const deadBefore = (await deadLetters()).length;
    const result = await e.handle(entries, { ack: false });
    expect(result).toMatchObject({ entries: 2, inserted: 4, deadLettered: 1 });
    const dead = (await deadLetters()).slice(0, (await deadLetters()).length - deadBefore);
    expect(dead.map((d) => d.id)).toEqual([`${entries[0]?.id ?? ''}:3`]);
    expect(dead[0]?.reason).toMatch(/not an array/);

    const again = await e.handle(entries, { redelivered: true });
    expect(again).toMatchObject({ inserted: 0, duplicates: 4 });
    expect(await count('SELECT count(*) AS n FROM click_events WHERE resource_id = $1', [batched])).toBe(4);
    expect(
      await count(
        "SELECT sum(clicks) AS n FROM analytics_rollup_hourly WHERE resource_id = $1 AND dimension = 'all'",
        [batched],
      ),
    ).toBe(4);
    expect(
      await count(
        "SELECT count(*) AS n FROM click_events WHERE resource_id = $1 AND visitor_hash = decode($2, 'hex')",
        [batched, good[3]?.visitor_hash ?? ''],
      ),
    ).toBe(1);
    await e.stop();
  });

  it('runs as a loop: events added to the stream show up as rows', async () => {
    const loopLink = randomUUID();
    const d = consumer('d');
    d.start();
    for (let i = 0; i < 3; i += 1)
      await xadd(
        alone(
          testEvent({
            workspace_id: ws,
            resource_id: loopLink,
            event_type: 'scan',
            resource_type: 'qr_code',
          }),
        ),
      );
    let seen = 0;
    for (let i = 0; i < 100 && seen < 3; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      seen = await count('SELECT count(*) AS n FROM click_events WHERE resource_id = $1', [loopLink]);
    }
    await d.stop();
    expect(seen).toBe(3);
    expect(
      await count(
        "SELECT sum(scans) AS n FROM analytics_rollup_hourly WHERE resource_id = $1 AND dimension = 'all'",
        [loopLink],
      ),
    ).toBe(3);
  });

  it("stores a killed consumer's read but unwritten entries within 30 s (20 s idle, looked for every 5 s), with the default claim idle time", async () => {
    const orphaned = randomUUID();
    const killed = consumer('killed');
    await killed.ensureGroup();
    for (let i = 0; i < 3; i += 1)
      await xadd(alone(testEvent({ workspace_id: ws, resource_id: orphaned }, `k${i}`)));
    expect(await killed.readNew()).toHaveLength(3); // read, then killed before its write
    const survivor = consumer('survivor');
    survivor.start();
    const started = Date.now();
    let stored = await storedFor(orphaned);
    while (stored.events < 3 && Date.now() - started < 30_000) {
      await new Promise((r) => setTimeout(r, 250));
      stored = await storedFor(orphaned);
    }
    const took = Date.now() - started;
    await Promise.all([survivor.stop(), killed.stop()]);
    expect(stored).toEqual({ events: 3, clicks: 3, visitorDays: 3 });
    expect(took).toBeLessThan(30_000);
  }, 45_000);

  it('counts nothing twice when a rewound group delivers stored entries again as new', async () => {
    const rewound = randomUUID();
    const e = consumer('e');
    await e.ensureGroup();
    for (let i = 0; i < 4; i += 1) await xadd(alone(testEvent({ workspace_id: ws, resource_id: rewound })));
    expect(await e.handle(await e.readNew())).toMatchObject({ inserted: 4, duplicates: 0 });
    // an operator resets the group: every entry is "new" again; the entry ledger skips the stored ones
    await t.deps.redis.call(
      'XGROUP',
      'SETID',
      clicksStreamKey(t.deps.config.REDIS_PREFIX),
      INGEST_GROUP,
      '0',
    );
    let again = await e.readNew();
    while (again.length > 0) {
      await e.handle(again);
      again = await e.readNew();
    }
    expect(await count('SELECT count(*) AS n FROM click_events WHERE resource_id = $1', [rewound])).toBe(4);
    expect(
      await count(
        "SELECT sum(clicks) AS n FROM analytics_rollup_hourly WHERE resource_id = $1 AND dimension = 'all'",
        [rewound],
      ),
    ).toBe(4);
    await e.stop();
  });

  it('dead-letters an entry whose write keeps failing after 5 deliveries, acks it, and still writes the good entry of its batch', async () => {
    const poisoned = randomUUID();
    const neighbour = randomUUID();
    // a write that fails every time for one resource, with an error that is no data error (not retried row by row)
    await t.deps.pool.query(`CREATE FUNCTION refuse_poison() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.resource_id = '${poisoned}' THEN RAISE EXCEPTION 'poisoned write'; END IF; RETURN NEW; END $$`);
    await t.deps.pool.query(
      'CREATE TRIGGER tr_refuse_poison BEFORE INSERT ON click_events FOR EACH ROW EXECUTE FUNCTION refuse_poison()',
    );
    try {
      const f = consumer('f');
      await f.ensureGroup();
      await xadd(alone(testEvent({ workspace_id: ws, resource_id: poisoned })));
      await xadd(alone(testEvent({ workspace_id: ws, resource_id: neighbour })));
      await expect(f.handle(await f.readNew())).rejects.toThrow(/poisoned write/);
      for (let delivery = 2; delivery <= 5; delivery += 1) {
        const claimed = await f.claimStale(0);
        expect(claimed).toHaveLength(2);
        await expect(f.handle(claimed, { redelivered: true })).rejects.toThrow(/poisoned write/);
      }
      expect(await pendingCount()).toBe(2);
      // the 6th delivery: each entry is tried alone; the poison one is dead-lettered and acked
      expect(await f.claimStale(0)).toEqual([]);
      expect(await pendingCount()).toBe(0);
      const dead = (await deadLetters()).filter((d) => d.reason.includes('delivered 6 times'));
      expect(dead).toHaveLength(1);
      expect(dead[0]?.reason).toMatch(/poisoned write/);
      expect(await count('SELECT count(*) AS n FROM click_events WHERE resource_id = $1', [neighbour])).toBe(
        1,
      );
      expect(await count('SELECT count(*) AS n FROM click_events WHERE resource_id = $1', [poisoned])).toBe(
        0,
      );
      await f.stop();
    } finally {
      await t.deps.pool.query('DROP TRIGGER tr_refuse_poison ON click_events');
    }
  });

  it('dead-letters an event the database refuses as data, stores the rest of its entry and batch once, and skips them when delivered again', async () => {
    const refusedOne = randomUUID();
    const kept = randomUUID();
    await t.deps.pool.query(`CREATE FUNCTION refuse_as_data() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.resource_id = '${refusedOne}' THEN RAISE EXCEPTION 'no such resource' USING ERRCODE = '23503'; END IF;
      RETURN NEW; END $$`);
    await t.deps.pool.query(
      'CREATE TRIGGER tr_refuse_as_data BEFORE INSERT ON click_events FOR EACH ROW EXECUTE FUNCTION refuse_as_data()',
    );
    try {
      const h = consumer('h');
      await h.ensureGroup();
      const event = (resource: string, visitor: string) =>
        testEvent({ workspace_id: ws, resource_id: resource }, visitor);
      await xadd(toBatchStreamFields([event(kept, 'r1'), event(refusedOne, 'r2'), event(kept, 'r3')]));
      await xadd(alone(event(kept, 'r4')));
      const entries = await h.readNew();
      const deadBefore = (await deadLetters()).length;
      expect(await h.handle(entries, { ack: false })).toMatchObject({
        inserted: 3,
        duplicates: 0,
        deadLettered: 1,
      });
      const dead = (await deadLetters()).slice(0, (await deadLetters()).length - deadBefore);
      expect(dead.map((d) => d.id)).toEqual([`${entries[0]?.id ?? ''}:1`]);
      expect(dead[0]?.reason).toMatch(/database refused: no such resource/);
      // both entries are in the ledger: every row of them is skipped, the refused one not dead-lettered twice
      expect(await h.handle(entries, { redelivered: true })).toMatchObject({
        inserted: 0,
        duplicates: 4,
        deadLettered: 0,
      });
      expect(await storedFor(kept)).toEqual({ events: 3, clicks: 3, visitorDays: 3 });
      await h.stop();
    } finally {
      await t.deps.pool.query('DROP TRIGGER tr_refuse_as_data ON click_events');
    }
  });

  it('runs several consumers side by side in one process, each event written once', async () => {
    const shared = randomUUID();
    const g = consumer('g', { parallel: 3 });
    g.start();
    for (let i = 0; i < 60; i += 1)
      await xadd(alone(testEvent({ workspace_id: ws, resource_id: shared }, `p${i % 7}`)));
    const done = await waitFor(
      async () =>
        (await count('SELECT count(*) AS n FROM click_events WHERE resource_id = $1', [shared])) >= 60,
    );
    await g.stop();
    expect(done).toBe(true);
    expect(await storedFor(shared)).toEqual({ events: 60, clicks: 60, visitorDays: 7 });
    expect(await pendingCount()).toBe(0);
  });
});
