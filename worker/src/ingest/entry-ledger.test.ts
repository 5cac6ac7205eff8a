import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { createTestWorkerDeps, type TestWorkerDeps } from '../testing';
import { pruneEntryLedger } from './entry-ledger';

let t: TestWorkerDeps;
beforeAll(async () => {
  t = await createTestWorkerDeps();
});
afterAll(async () => {
  await t.close();
});

const ledger = async () =>
  (
    await t.deps.pool.query<{ id: string }>(
      "SELECT entry_ms || '-' || entry_seq AS id FROM ingest_stream_entries ORDER BY entry_ms, entry_seq",
    )
  ).rows.map((r) => r.id);

describe('pruneEntryLedger', () => {
  it('keeps the entries the stream still holds and deletes the older ones; without a stream, deletes nothing', async () => {
    const prefix = t.deps.config.REDIS_PREFIX;
    await t.deps.pool.query(
      `INSERT INTO ingest_stream_entries (entry_ms, entry_seq) VALUES (1000, 5), (2000, 0), (2000, 1), (2000, 2), (3000, 0)`,
    );
    expect(await pruneEntryLedger(t.deps.pool, t.deps.redis, prefix)).toBe(0);
    const stream = clicksStreamKey(prefix);
    await t.deps.redis.xadd(stream, '2000-1', 'e', '1');
    await t.deps.redis.xadd(stream, '3000-0', 'e', '2');
    expect(await pruneEntryLedger(t.deps.pool, t.deps.redis, prefix)).toBe(2);
    expect(await ledger()).toEqual(['2000-1', '2000-2', '3000-0']);
    await t.deps.redis.xtrim(stream, 'MAXLEN', 0);
    expect(await pruneEntryLedger(t.deps.pool, t.deps.redis, prefix)).toBe(0);
    expect(await ledger()).toEqual(['2000-1', '2000-2', '3000-0']);
  });
});
