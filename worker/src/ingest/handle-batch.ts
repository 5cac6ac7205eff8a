import type pg from 'pg';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { utcDate, type PartitionCache } from '../analytics/partitions';
import type { HandleOptions, HandledBatch, ReadSize } from './consumer-options';
import { deadLetter } from './dead-letter';
import { entryRows, type Refusal } from './entry-rows';
import { INGEST_GROUP } from './names';
import type { SeenVisitorDays } from './seen-visitor-days';
import type { SerialLane } from './serial-lane';
import type { StreamEntry } from './stream-entries';
import type { ClickRow } from './click-row';
import {
  isDataError,
  writeBatch,
  writeEntryRowByRow,
  type BatchWriteResult,
  type EntryRows,
} from './write-batch';

const DAY_MS = 86_400_000;

/** The UTC days of the rows (`yyyy-mm-dd`), each once: a day's text is made once, not once per row. */
function rowDays(entries: readonly EntryRows[]): string[] {
  const days = new Map<number, Date>();
  for (const entry of entries)
    for (const row of entry.rows) {
      const day = Math.floor(row.occurred_at.getTime() / DAY_MS);
      if (!days.has(day)) days.set(day, row.occurred_at);
    }
  return [...days.values()].map(utcDate);
}

type HandleDeps = {
  pool: pg.Pool;
  redis: RedisClient;
  stream: string;
  deadKey: string;
  partitions: PartitionCache;
  seen: SeenVisitorDays;
  lane: SerialLane | undefined;
  size: ReadSize;
  /** Told the resources a committed batch touched (the summary refresh). */
  touched: (resourceIds: string[]) => void;
  onBatch: ((batch: HandledBatch) => void) | undefined;
  committed?: ((rows: readonly ClickRow[]) => void) | undefined;
};

/** The consumer's handling of read entries: validate, write in one transaction, dead-letter, XACK. */
export function createBatchHandler(deps: HandleDeps) {
  const { pool, seen, lane } = deps;

  /** Writes the entries' rows; a row the database refuses (a CHECK, a bad value) is dead-lettered alone, never the batch. */
  async function writeEntries(entries: EntryRows[], refused: Array<Refusal>): Promise<BatchWriteResult> {
    await deps.partitions.ensure(rowDays(entries));
    try {
      return await writeBatch(pool, entries, { seen, lane });
    } catch (error) {
      if (!isDataError(error)) throw error;
      const total: BatchWriteResult = { inserted: 0, duplicates: 0, touched: [] };
      for (const entry of entries) {
        const one = await writeEntryRowByRow(pool, entry, { seen, lane });
        total.inserted += one.inserted;
        total.duplicates += one.duplicates;
        total.touched.push(...one.touched);
        for (const { row, error: rowError } of one.refused)
          refused.push({
            id: row.stream_message_id,
            reason: `database refused: ${rowError instanceof Error ? rowError.message : 'error'}`,
            fields: null,
          });
      }
      return total;
    }
  }

  /**
   * Validate, write in one transaction, then XACK (unless `ack: false`, which simulates a crash
   * before the ack). `redelivered: true` for claimed entries (the ledger skips those stored already).
   */
  async function handle(entries: readonly StreamEntry[], options: HandleOptions = {}): Promise<HandledBatch> {
    const refused: Array<Refusal> = [];
    const stored: EntryRows[] = [];
    let mostEvents = 1;
    for (const entry of entries) {
      if (entry.fields === null) {
        refused.push({ id: entry.id, reason: 'entry deleted from the stream', fields: null });
        continue;
      }
      const decoded = entryRows(entry.id, entry.fields);
      mostEvents = Math.max(mostEvents, decoded.events);
      if (decoded.rows.length > 0) stored.push({ id: entry.id, rows: decoded.rows });
      for (const refusal of decoded.refused) refused.push(refusal);
    }
    if (options.redelivered !== true) deps.size.follow(mostEvents);
    const written = await writeEntries(stored, refused);
    if (deps.committed !== undefined && stored.length > 0) deps.committed(stored.flatMap((e) => e.rows));
    await deadLetter(deps.redis, deps.deadKey, refused);
    if (options.ack !== false && entries.length > 0) {
      await deps.redis.call('XACK', deps.stream, INGEST_GROUP, ...entries.map((e) => e.id));
    }
    if (written.touched.length > 0) deps.touched(written.touched.map((t) => t.resource_id));
    const handled = { ...written, entries: entries.length, deadLettered: refused.length };
    deps.onBatch?.(handled);
    return handled;
  }

  return { handle };
}
