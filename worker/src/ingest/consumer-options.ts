import type { ClickRow } from './click-row';
import type { BatchWriteResult } from './write-batch';

export type IngestOptions = {
  /** Most entries per batch (≤ 1,000). */
  batchSize?: number;
  /** Longest wait for new entries, ms. */
  blockMs?: number;
  /**
   * Reads written in one transaction (default 8): after a read that found entries, up to this many
   * reads in all are taken without waiting, so a backlog is written in transactions of up to
   * readsPerWrite × batchSize events, whose rollup increments are summed before the upsert (issue
   * 25: a 1,000-event read made ~1,100 upserted rollup rows, four reads about as many). A quiet
   * stream finds nothing more and writes its one read at once.
   */
  readsPerWrite?: number;
  /**
   * A read that found less than a full batch waits this long (default 1,000 ms) before the reads that
   * fill its transaction (docs/product-rules.md#analytics: a batch is 1,000 events or 2 s). At a few hundred events a second
   * each read found a handful, and a transaction per handful cost the worker and PostgreSQL more
   * CPU per event than the edge spent on the visit; at 16,000 a second, 200 ms made transactions of
   * 800–3,500 events and 1,000 ms with 8 reads cut ingest CPU per visit by 14–23 % (D-444).
   */
  lingerMs?: number;
  /** The consumers of this process take the rollup upsert one at a time (default true; off only to compare, bench/ingest). */
  serialLane?: boolean;
  /** Pending entries idle this long (a dead consumer's) are claimed, ms (default 20,000; looked for every quarter of it; D-446). */
  claimIdleMs?: number;
  consumerName?: string;
  /**
   * Consumers of the group run side by side in this process (default 2), each with its own Redis
   * connection: one's database write overlaps another's read and parse. Named `consumerName`,
   * `consumerName-1`, …
   */
  parallel?: number;
  /** An entry delivered more often than this is dead-lettered and acked (default MAX_DELIVERIES). */
  maxDeliveries?: number;
  /** Refresh the summaries of touched resources after batches (default true). */
  refreshSummaries?: boolean;
  /** At most one summary refresh per this many ms (default 5,000); idle() and stop() refresh at once. */
  summaryIntervalMs?: number;
  /** Called with the rows of every committed batch, without being waited for (event webhooks, D-632). */
  onCommitted?: (rows: readonly ClickRow[]) => void;
  /** Called after every handled batch (metrics, benchmarks). */
  onBatch?: (batch: HandledBatch) => void;
  /** Called when the loop found the group gone (Redis came back empty) and created it again. */
  onGroupRecreated?: () => void;
};

export type HandledBatch = BatchWriteResult & { entries: number; deadLettered: number };

/** What handle() is told about its entries. */
export type HandleOptions = { ack?: boolean; redelivered?: boolean };

/**
 * Entries per XREADGROUP / XAUTOCLAIM, so a read holds about `batchSize` events: an edge batch entry
 * holds up to CAPTURE_BATCH_MAX_EVENTS (shared/src/analytics/event.ts), a hand-written entry one.
 * After each batch of new entries it follows the fullest entry in it; it starts as if entries held
 * one event (a stream read from its start holds what traffic made, and the first read corrects it).
 * The bound is then one read of batchSize full entries, once, when a backlog turns from sparse to
 * dense entries: written correctly, in one larger transaction.
 */
export function createReadSize(batchSize: number) {
  let entries = batchSize;
  return {
    get entries(): number {
      return entries;
    },
    /** After a batch of new entries whose fullest held `mostEvents` events. */
    follow(mostEvents: number): void {
      entries = Math.max(1, Math.min(batchSize, Math.floor(batchSize / mostEvents)));
    },
  };
}
export type ReadSize = ReturnType<typeof createReadSize>;
