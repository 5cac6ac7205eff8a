import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toBatchStreamFields } from '@linkhub/shared/analytics/event';
import { testEvent } from '@linkhub/shared/server/analytics/test-events';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { createIngestConsumer, type HandledBatch } from './consumer';
import { INGEST_GROUP } from './names';

let t: TestWorkerDeps;
beforeAll(async () => {
  t = await createTestWorkerDeps();
});
afterAll(async () => {
  await t.close();
});

describe('ingest: several reads in one transaction', () => {
  it('writes a backlog of up to readsPerWrite reads at once, rollups summed, every event once', async () => {
    const ws = randomUUID();
    const link = randomUUID();
    const stream = clicksStreamKey(t.deps.config.REDIS_PREFIX);
    for (let i = 0; i < 7; i += 1)
      await t.deps.redis.xadd(
        stream,
        '*',
        ...toBatchStreamFields([testEvent({ workspace_id: ws, resource_id: link }, `v${i}`)]),
      );
    const batches: HandledBatch[] = [];
    const ingest = createIngestConsumer(
      { pool: t.deps.pool, redis: t.deps.redis, logger: t.deps.logger, prefix: t.deps.config.REDIS_PREFIX },
      {
        consumerName: 'rpw',
        parallel: 1,
        batchSize: 2,
        readsPerWrite: 3,
        blockMs: 100,
        refreshSummaries: false,
        onBatch: (b) => batches.push(b),
      },
    );
    await ingest.ensureGroup();
    ingest.start();
    for (let i = 0; i < 200 && batches.reduce((n, b) => n + b.inserted, 0) < 7; i += 1)
      await new Promise((r) => setTimeout(r, 50));
    await ingest.stop();
    // 3 reads of 2 entries in the first transaction, the last entry alone (the stream had nothing more)
    expect(batches.map((b) => b.entries)).toEqual([6, 1]);
    const events = await t.deps.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM click_events WHERE resource_id = $1',
      [link],
    );
    const rolled = await t.deps.pool.query<{ n: string }>(
      "SELECT sum(clicks + scans + page_views + bot_events) AS n FROM analytics_rollup_hourly WHERE resource_id = $1 AND dimension = 'all'",
      [link],
    );
    expect(Number(events.rows[0]?.n)).toBe(7);
    expect(Number(rolled.rows[0]?.n)).toBe(7);
  });

  it('a consumer stopped while it lingers for more writes what it read at once, without waiting out the linger', async () => {
    const link = randomUUID();
    const stream = clicksStreamKey(t.deps.config.REDIS_PREFIX);
    await t.deps.redis.xadd(
      stream,
      '*',
      ...toBatchStreamFields([testEvent({ workspace_id: randomUUID(), resource_id: link })]),
    );
    const ingest = createIngestConsumer(
      { pool: t.deps.pool, redis: t.deps.redis, logger: t.deps.logger, prefix: t.deps.config.REDIS_PREFIX },
      { consumerName: 'lingering', parallel: 1, lingerMs: 600_000, blockMs: 100, refreshSummaries: false },
    );
    await ingest.ensureGroup();
    ingest.start();
    const pending = async () => {
      const reply = await t.deps.redis.call('XPENDING', stream, INGEST_GROUP);
      return Array.isArray(reply) ? Number(reply[0]) : 0;
    };
    for (let i = 0; i < 100 && (await pending()) === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(await pending()).toBe(1); // read, now lingering for 10 minutes
    await ingest.stop();
    expect(await pending()).toBe(0);
    const stored = await t.deps.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM click_events WHERE resource_id = $1',
      [link],
    );
    expect(Number(stored.rows[0]?.n)).toBe(1);
  });
});
