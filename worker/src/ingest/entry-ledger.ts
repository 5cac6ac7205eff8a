import type pg from 'pg';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { firstEntryId } from './stream-entries';

/**
 * Deletes the ledger rows (write-batch.ts) of entries older than the first `clicks:raw` still holds:
 * no read or claim can hand those to the ingest again (a pending entry the stream trimmed comes back
 * without fields and is dead-lettered, never stored). With no stream, or an empty one, nothing goes.
 * Returns the rows deleted.
 */
export async function pruneEntryLedger(
  pool: pg.Pool,
  redis: Pick<RedisClient, 'call'>,
  prefix: string,
): Promise<number> {
  const reply = await redis.call('XRANGE', clicksStreamKey(prefix), '-', '+', 'COUNT', '1');
  const first = firstEntryId(reply);
  if (first === null) return 0;
  const deleted = await pool.query(
    'DELETE FROM ingest_stream_entries WHERE (entry_ms, entry_seq) < ($1::bigint, $2::bigint)',
    [first.ms, first.seq],
  );
  return deleted.rowCount ?? 0;
}
