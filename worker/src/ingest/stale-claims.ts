import type pg from 'pg';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { HandleOptions, HandledBatch, ReadSize } from './consumer-options';
import { deadLetter } from './dead-letter';
import { INGEST_GROUP } from './names';
import { parseAutoClaimReply, parsePendingDeliveries, type StreamEntry } from './stream-entries';

type ClaimDeps = {
  pool: pg.Pool;
  redis: RedisClient;
  logger: Logger;
  stream: string;
  deadKey: string;
  size: ReadSize;
  batchSize: number;
  maxDeliveries: number;
  handle: (entries: readonly StreamEntry[], options: HandleOptions) => Promise<HandledBatch>;
};

/** The consumer's claims of entries a dead consumer left pending, poison entries settled on the way. */
export function createStaleClaims(deps: ClaimDeps) {
  const { redis, stream } = deps;

  /**
   * Claimed entries delivered more than maxDeliveries times (their batch keeps failing) are tried
   * once more each on its own: one that still fails goes to the dead-letter list with the error, acked,
   * so a poison message never loops forever while the good entries of its batch are still written.
   * When PostgreSQL itself is down nothing is dead-lettered (the SELECT 1 throws, entries stay pending).
   */
  async function settlePoison(name: string, entries: StreamEntry[]): Promise<StreamEntry[]> {
    const first = entries[0];
    const last = entries[entries.length - 1];
    if (!first || !last) return entries;
    const reply = await redis.call(
      'XPENDING',
      stream,
      INGEST_GROUP,
      first.id,
      last.id,
      String(entries.length + deps.batchSize),
      name,
    );
    const deliveries = parsePendingDeliveries(reply);
    const poison = entries.filter((e) => (deliveries.get(e.id) ?? 0) > deps.maxDeliveries);
    if (poison.length === 0) return entries;
    await deps.pool.query('SELECT 1');
    for (const entry of poison) {
      try {
        await deps.handle([entry], { redelivered: true });
      } catch (error) {
        const count = deliveries.get(entry.id) ?? 0;
        await deadLetter(redis, deps.deadKey, [
          {
            id: entry.id,
            reason: `delivered ${count} times without being written; last error: ${error instanceof Error ? error.message : 'error'}`,
            fields: entry.fields,
          },
        ]);
        await redis.call('XACK', stream, INGEST_GROUP, entry.id);
        deps.logger.warn(
          { deliveries: count, maxDeliveries: deps.maxDeliveries },
          'ingest dead-lettered an entry delivered too often',
        );
      }
    }
    const settled = new Set(poison.map((e) => e.id));
    return entries.filter((e) => !settled.has(e.id));
  }

  /**
   * XAUTOCLAIM of entries pending longer than `minIdleMs`. Claimed entries delivered more than
   * maxDeliveries times are dead-lettered and acked instead of returned.
   */
  async function claimStale(name: string, minIdleMs: number): Promise<StreamEntry[]> {
    const reply = await redis.call(
      'XAUTOCLAIM',
      stream,
      INGEST_GROUP,
      name,
      String(minIdleMs),
      '0-0',
      'COUNT',
      String(deps.size.entries),
    );
    const { entries, deleted } = parseAutoClaimReply(reply);
    // Entries trimmed from the stream while pending cannot be read any more: ack them away.
    if (deleted.length > 0) await redis.call('XACK', stream, INGEST_GROUP, ...deleted);
    return entries.length === 0 ? entries : settlePoison(name, entries);
  }

  return { claimStale };
}
