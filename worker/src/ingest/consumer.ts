import { hostname } from 'node:os';
import { pgErrorInfo } from '@linkhub/shared/db/errors';
import type pg from 'pg';
import { duplicateRedis, type RedisClient } from '@linkhub/shared/redis/client';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import type { Logger } from '@linkhub/shared/logging/logger';
import { createPartitionCache, utcDate } from '../analytics/partitions';
import { refreshSummaries } from '../analytics/summaries';
import { pokeWorkspaceMembers } from '../pokes';
import type { ClickRow } from './click-row';
import { entryRows, type Refusal } from './entry-rows';
import { clicksDeadLetterKey, DEAD_LETTER_MAX, INGEST_GROUP, MAX_DELIVERIES } from './names';
import {
  parseAutoClaimReply,
  parsePendingDeliveries,
  parseReadGroupReply,
  type StreamEntry,
} from './stream-entries';
import { createSeenVisitorDays } from './seen-visitor-days';
import { createSerialLane } from './serial-lane';
import { createSummaryRefresher } from './summary-refresher';
import { writeBatch, type BatchWriteResult } from './write-batch';

export type IngestOptions = {
  /** Most entries per batch (≤ 1,000). */
  batchSize?: number;
  /** Longest wait for new entries, ms. */
  blockMs?: number;
  /**
   * Reads written in one transaction (default 4): after a read that found entries, up to this many
   * reads in all are taken without waiting, so a backlog is written in transactions of up to
   * readsPerWrite × batchSize events, whose rollup increments are summed before the upsert (issue
   * 25: a 1,000-event read made ~1,100 upserted rollup rows, four reads about as many). A quiet
   * stream finds nothing more and writes its one read at once.
   */
  readsPerWrite?: number;
  /**
   * A read that found less than a full batch waits this long (default 200 ms) before the reads that
   * fill its transaction (DESIGN §7: a batch is 1,000 events or 2 s). At a few hundred events a second
   * each read found a handful, and a transaction per handful cost the worker and PostgreSQL more
   * CPU per event than the edge spent on the visit.
   */
  lingerMs?: number;
  /** The consumers of this process take the rollup upsert one at a time (default true; off only to compare, bench/ingest). */
  serialLane?: boolean;
  /** Pending entries idle this long (a dead consumer's) are claimed, ms. */
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
  /** Called after every handled batch (metrics, benchmarks). */
  onBatch?: (batch: HandledBatch) => void;
  /** Called when the loop found the group gone (Redis came back empty) and created it again. */
  onGroupRecreated?: () => void;
};

export type HandledBatch = BatchWriteResult & { entries: number; deadLettered: number };

export type IngestConsumer = {
  readonly consumer: string;
  /** Creates the consumer group (and the stream) when missing; true when it had to. */
  ensureGroup(): Promise<boolean>;
  /** One XREADGROUP for new entries (as the first consumer). */
  readNew(): Promise<StreamEntry[]>;
  /**
   * XAUTOCLAIM of entries pending longer than claimIdleMs (or `minIdleMs`). Claimed entries
   * delivered more than maxDeliveries times are dead-lettered and acked instead of returned.
   */
  claimStale(minIdleMs?: number): Promise<StreamEntry[]>;
  /**
   * Validate, write in one transaction, then XACK (unless `ack: false`, which simulates a crash
   * before the ack). `redelivered: true` for claimed entries (some may be stored already); new
   * entries are COPYed, and a stored one among them makes the write fall back to the skipping INSERT.
   */
  handle(
    entries: readonly StreamEntry[],
    options?: { ack?: boolean; redelivered?: boolean },
  ): Promise<HandledBatch>;
  /** Resolves once the summary refreshes queued by handled batches have run (without waiting for the interval). */
  idle(): Promise<void>;
  /** Runs the loop until stop(). */
  start(): void;
  stop(): Promise<void>;
};

type Deps = { pool: pg.Pool; redis: RedisClient; logger: Logger; prefix: string };

const DAY_MS = 86_400_000;

/** The UTC days of the rows (`yyyy-mm-dd`), each once: a day's text is made once, not once per row. */
function rowDays(rows: readonly ClickRow[]): string[] {
  const days = new Map<number, Date>();
  for (const row of rows) {
    const day = Math.floor(row.occurred_at.getTime() / DAY_MS);
    if (!days.has(day)) days.set(day, row.occurred_at);
  }
  return [...days.values()].map(utcDate);
}

function isNoGroup(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('NOGROUP');
}

function isDataError(error: unknown): boolean {
  const sqlState = pgErrorInfo(error)?.sqlState;
  return sqlState !== undefined && /^2[23]/.test(sqlState);
}

/**
 * The analytics ingest (DESIGN §7, spec §4.4.4): a loop in the worker process reading `clicks:raw`
 * with consumer group `ingest`. A blocking connection of its own (a duplicate of deps.redis).
 */
export function createIngestConsumer(deps: Deps, options: IngestOptions = {}): IngestConsumer {
  const batchSize = Math.min(options.batchSize ?? 1000, 1000);
  const blockMs = options.blockMs ?? 2000;
  const readsPerWrite = Math.max(1, Math.floor(options.readsPerWrite ?? 4));
  const lingerMs = Math.max(0, options.lingerMs ?? 200);
  const claimIdleMs = options.claimIdleMs ?? 60_000;
  const consumer = options.consumerName ?? `${hostname()}-${process.pid}`;
  const parallel = Math.max(1, Math.floor(options.parallel ?? 2));
  const maxDeliveries = options.maxDeliveries ?? MAX_DELIVERIES;
  const stream = clicksStreamKey(deps.prefix);
  const deadKey = clicksDeadLetterKey(deps.prefix);
  const partitions = createPartitionCache(deps.pool);
  const seen = createSeenVisitorDays();
  const lane = options.serialLane === false ? undefined : createSerialLane();
  const readers: RedisClient[] = [];
  function openReader(): RedisClient {
    const reader = duplicateRedis(deps.redis);
    reader.on('error', (error: Error) =>
      deps.logger.warn({ err: { message: error.message } }, 'ingest redis error'),
    );
    readers.push(reader);
    return reader;
  }
  const firstReader = openReader();
  let running = false;
  let loop: Promise<void> | null = null;
  const summaries = createSummaryRefresher(
    (ids) =>
      refreshSummaries(deps.pool, new Date(), ids)
        .then((refreshed) => pokeWorkspaceMembers(deps, refreshed.workspaceIds))
        .catch((error: unknown) =>
          deps.logger.warn(
            { err: { message: error instanceof Error ? error.message : 'error' } },
            'summary refresh after ingest failed',
          ),
        ),
    options.summaryIntervalMs ?? 5_000,
  );

  async function ensureGroup(): Promise<boolean> {
    try {
      // From 0: entries the edge added before the group existed (a stream made after a restart) are read too.
      await deps.redis.call('XGROUP', 'CREATE', stream, INGEST_GROUP, '0', 'MKSTREAM');
      return true;
    } catch (error) {
      if (error instanceof Error && error.message.includes('BUSYGROUP')) return false;
      throw error;
    }
  }

  /**
   * Entries per XREADGROUP, so a read holds about `batchSize` events: an edge batch entry holds up to
   * CAPTURE_BATCH_MAX_EVENTS (shared/src/analytics/event.ts), a hand-written entry one. After each batch it follows the fullest entry
   * in it; it starts as if entries held one event (a stream read from its start holds what traffic
   * made, and the first read corrects it). The bound is then one read of batchSize full entries, once,
   * when a backlog turns from sparse to dense entries: written correctly, in one larger transaction.
   */
  let entriesPerRead = batchSize;

  async function readNewAs(name: string, reader: RedisClient, block = true): Promise<StreamEntry[]> {
    const wait = block ? ['BLOCK', String(blockMs)] : [];
    const reply = await reader.call(
      'XREADGROUP',
      'GROUP',
      INGEST_GROUP,
      name,
      'COUNT',
      String(entriesPerRead),
      ...wait,
      'STREAMS',
      stream,
      '>',
    );
    return parseReadGroupReply(reply);
  }

  /** One blocking read, then (when it found entries; after lingerMs when it found less than a full read) more without waiting, up to readsPerWrite reads in all. */
  async function readForWrite(name: string, reader: RedisClient): Promise<StreamEntry[]> {
    const entries = await readNewAs(name, reader);
    if (entries.length > 0 && entries.length < entriesPerRead && lingerMs > 0 && running) {
      await new Promise((resolve) => setTimeout(resolve, lingerMs));
    }
    for (let reads = 1; reads < readsPerWrite && entries.length > 0; reads += 1) {
      const more = await readNewAs(name, reader, false);
      if (more.length === 0) break;
      entries.push(...more);
    }
    return entries;
  }

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
    const reply = await deps.redis.call(
      'XPENDING',
      stream,
      INGEST_GROUP,
      first.id,
      last.id,
      String(entries.length + batchSize),
      name,
    );
    const deliveries = parsePendingDeliveries(reply);
    const poison = entries.filter((e) => (deliveries.get(e.id) ?? 0) > maxDeliveries);
    if (poison.length === 0) return entries;
    await deps.pool.query('SELECT 1');
    for (const entry of poison) {
      try {
        await handle([entry], { redelivered: true });
      } catch (error) {
        const count = deliveries.get(entry.id) ?? 0;
        await deadLetter([
          {
            id: entry.id,
            reason: `delivered ${count} times without being written; last error: ${error instanceof Error ? error.message : 'error'}`,
            fields: entry.fields,
          },
        ]);
        await deps.redis.call('XACK', stream, INGEST_GROUP, entry.id);
        deps.logger.warn(
          { deliveries: count, maxDeliveries },
          'ingest dead-lettered an entry delivered too often',
        );
      }
    }
    const settled = new Set(poison.map((e) => e.id));
    return entries.filter((e) => !settled.has(e.id));
  }

  async function claimStaleAs(name: string, minIdleMs: number): Promise<StreamEntry[]> {
    const reply = await deps.redis.call(
      'XAUTOCLAIM',
      stream,
      INGEST_GROUP,
      name,
      String(minIdleMs),
      '0-0',
      'COUNT',
      String(entriesPerRead),
    );
    const { entries, deleted } = parseAutoClaimReply(reply);
    // Entries trimmed from the stream while pending cannot be read any more: ack them away.
    if (deleted.length > 0) await deps.redis.call('XACK', stream, INGEST_GROUP, ...deleted);
    return entries.length === 0 ? entries : settlePoison(name, entries);
  }

  async function deadLetter(items: ReadonlyArray<Refusal>): Promise<void> {
    if (items.length === 0) return;
    const refusedAt = new Date().toISOString();
    const pipeline = deps.redis.pipeline();
    for (const item of items)
      pipeline.lpush(
        deadKey,
        JSON.stringify({ id: item.id, reason: item.reason, fields: item.fields, refused_at: refusedAt }),
      );
    pipeline.ltrim(deadKey, 0, DEAD_LETTER_MAX - 1);
    await pipeline.exec();
  }

  /** Writes the rows; a row the database refuses (a CHECK, a bad value) is dead-lettered alone, never the batch. */
  async function writeRows(
    rows: ClickRow[],
    refused: Array<Refusal>,
    fresh: boolean,
  ): Promise<BatchWriteResult> {
    await partitions.ensure(rowDays(rows));
    try {
      return await writeBatch(deps.pool, rows, { fresh, seen, lane });
    } catch (error) {
      if (!isDataError(error)) throw error;
      const total: BatchWriteResult = { inserted: 0, duplicates: 0, touched: [] };
      for (const row of rows) {
        try {
          const one = await writeBatch(deps.pool, [row], { seen, lane });
          total.inserted += one.inserted;
          total.duplicates += one.duplicates;
          total.touched.push(...one.touched);
        } catch (rowError) {
          if (!isDataError(rowError)) throw rowError;
          refused.push({
            id: row.stream_message_id,
            reason: `database refused: ${rowError instanceof Error ? rowError.message : 'error'}`,
            fields: null,
          });
        }
      }
      return total;
    }
  }

  async function handle(
    entries: readonly StreamEntry[],
    handleOptions: { ack?: boolean; redelivered?: boolean } = {},
  ): Promise<HandledBatch> {
    const refused: Array<Refusal> = [];
    const rows: ClickRow[] = [];
    let mostEvents = 1;
    for (const entry of entries) {
      if (entry.fields === null) {
        refused.push({ id: entry.id, reason: 'entry deleted from the stream', fields: null });
        continue;
      }
      const decoded = entryRows(entry.id, entry.fields);
      mostEvents = Math.max(mostEvents, decoded.events);
      for (const row of decoded.rows) rows.push(row);
      for (const refusal of decoded.refused) refused.push(refusal);
    }
    if (handleOptions.redelivered !== true)
      entriesPerRead = Math.max(1, Math.min(batchSize, Math.floor(batchSize / mostEvents)));
    const written = await writeRows(rows, refused, handleOptions.redelivered !== true);
    await deadLetter(refused);
    if (handleOptions.ack !== false && entries.length > 0) {
      await deps.redis.call('XACK', stream, INGEST_GROUP, ...entries.map((e) => e.id));
    }
    if (options.refreshSummaries !== false && written.touched.length > 0)
      summaries.queue(written.touched.map((t) => t.resource_id));
    const handled = { ...written, entries: entries.length, deadLettered: refused.length };
    options.onBatch?.(handled);
    return handled;
  }

  /** After NOGROUP (Redis restarted without its data, or the key was deleted): the group again, at once. */
  async function recreateGroup(): Promise<boolean> {
    const created = await ensureGroup().catch(() => false);
    if (created) {
      deps.logger.warn(
        { stream, group: INGEST_GROUP },
        'ingest consumer group was gone (Redis restarted empty?); created it again',
      );
      options.onGroupRecreated?.();
    }
    return created;
  }

  /** The first ensureGroup, retried while Redis is unreachable (the worker may start before it). */
  async function ensureGroupWhenReachable(): Promise<void> {
    for (let attempt = 0; running; attempt += 1) {
      try {
        await ensureGroup();
        return;
      } catch (error) {
        deps.logger.warn(
          { err: { message: error instanceof Error ? error.message : 'error' } },
          'ingest cannot create its consumer group yet; retrying',
        );
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(10_000, 500 * 2 ** Math.min(attempt, 5))),
        );
      }
    }
  }

  async function run(name: string, reader: RedisClient): Promise<void> {
    let lastClaim = 0;
    let failures = 0;
    while (running) {
      try {
        if (Date.now() - lastClaim >= Math.min(claimIdleMs, 30_000)) {
          lastClaim = Date.now();
          const stale = await claimStaleAs(name, claimIdleMs);
          if (stale.length > 0) await handle(stale, { redelivered: true });
        }
        const fresh = await readForWrite(name, reader);
        if (fresh.length > 0) await handle(fresh);
        failures = 0;
      } catch (error) {
        if (!running) break;
        if (isNoGroup(error) && (await recreateGroup())) continue;
        failures += 1;
        deps.logger.error(
          { err: { message: error instanceof Error ? error.message : 'error' }, failures },
          'ingest batch failed; entries stay pending',
        );
        await new Promise((resolve) =>
          setTimeout(resolve, Math.min(30_000, 500 * 2 ** Math.min(failures, 6))),
        );
      }
    }
  }

  return {
    consumer,
    ensureGroup,
    readNew: () => readNewAs(consumer, firstReader),
    claimStale: (minIdleMs = claimIdleMs) => claimStaleAs(consumer, minIdleMs),
    handle,
    async idle() {
      await summaries.flush();
    },
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        await ensureGroupWhenReachable();
        const names = Array.from({ length: parallel }, (_, k) => (k === 0 ? consumer : `${consumer}-${k}`));
        await Promise.all(names.map((name, k) => run(name, k === 0 ? firstReader : openReader())));
      })();
    },
    async stop() {
      running = false;
      // An XREADGROUP may be blocked for up to blockMs: closing the readers ends it.
      for (const reader of readers) reader.disconnect();
      await loop?.catch(() => undefined);
      loop = null;
      await summaries.flush();
    },
  };
}
