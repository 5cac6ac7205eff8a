import { hostname } from 'node:os';
import type pg from 'pg';
import type { Redis } from 'ioredis';
import { parseStreamEvent } from '@linkhub/shared/analytics/event';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import type { Logger } from '@linkhub/shared/logging/logger';
import { createPartitionCache, utcDate } from '../analytics/partitions';
import { refreshSummaries } from '../analytics/summaries';
import { toClickRow, type ClickRow } from './click-row';
import { clicksDeadLetterKey, DEAD_LETTER_MAX, INGEST_GROUP } from './names';
import { parseAutoClaimReply, parseReadGroupReply, type StreamEntry } from './stream-entries';
import { writeBatch, type BatchWriteResult } from './write-batch';

export type IngestOptions = {
  /** Most entries per batch (≤ 1,000). */
  batchSize?: number;
  /** Longest wait for new entries, ms. */
  blockMs?: number;
  /** Pending entries idle this long (a dead consumer's) are claimed, ms. */
  claimIdleMs?: number;
  consumerName?: string;
  /** Refresh the summaries of touched resources after each batch (default true). */
  refreshSummaries?: boolean;
  /** Called after every handled batch (metrics, benchmarks). */
  onBatch?: (batch: HandledBatch) => void;
};

export type HandledBatch = BatchWriteResult & { entries: number; deadLettered: number };

export type IngestConsumer = {
  readonly consumer: string;
  /** Creates the consumer group (and the stream) when missing. */
  ensureGroup(): Promise<void>;
  /** One XREADGROUP for new entries. */
  readNew(): Promise<StreamEntry[]>;
  /** XAUTOCLAIM of entries pending longer than claimIdleMs (or `minIdleMs`). */
  claimStale(minIdleMs?: number): Promise<StreamEntry[]>;
  /** Validate, write in one transaction, then XACK (unless `ack: false`, which simulates a crash before the ack). */
  handle(entries: readonly StreamEntry[], options?: { ack?: boolean }): Promise<HandledBatch>;
  /** Resolves once the summary refreshes queued by handled batches have run. */
  idle(): Promise<void>;
  /** Runs the loop until stop(). */
  start(): void;
  stop(): Promise<void>;
};

type Deps = { pool: pg.Pool; redis: Redis; logger: Logger; prefix: string };

function isDataError(error: unknown): boolean {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' && /^2[23]/.test(error.code);
}

/**
 * The analytics ingest (DESIGN §7, spec §4.4.4): a loop in the worker process reading `clicks:raw`
 * with consumer group `ingest`. A blocking connection of its own (a duplicate of deps.redis).
 */
export function createIngestConsumer(deps: Deps, options: IngestOptions = {}): IngestConsumer {
  const batchSize = Math.min(options.batchSize ?? 1000, 1000);
  const blockMs = options.blockMs ?? 2000;
  const claimIdleMs = options.claimIdleMs ?? 60_000;
  const consumer = options.consumerName ?? `${hostname()}-${process.pid}`;
  const stream = clicksStreamKey(deps.prefix);
  const deadKey = clicksDeadLetterKey(deps.prefix);
  const partitions = createPartitionCache(deps.pool);
  const reader = deps.redis.duplicate();
  reader.on('error', (error: Error) => deps.logger.warn({ err: { message: error.message } }, 'ingest redis error'));
  let running = false;
  let loop: Promise<void> | null = null;
  // Summaries of touched resources, refreshed off the batch's critical path: one refresh at a time,
  // the ids of batches handled meanwhile coalesced into the next one.
  const pendingSummaries = new Set<string>();
  let refreshing: Promise<void> | null = null;
  function queueSummaries(ids: readonly string[]): void {
    for (const id of ids) pendingSummaries.add(id);
    if (refreshing) return;
    refreshing = (async () => {
      while (pendingSummaries.size > 0) {
        const batch = [...pendingSummaries];
        pendingSummaries.clear();
        await refreshSummaries(deps.pool, new Date(), batch).catch((error: unknown) =>
          deps.logger.warn({ err: { message: error instanceof Error ? error.message : 'error' } }, 'summary refresh after ingest failed'),
        );
      }
    })().finally(() => {
      refreshing = null;
    });
  }

  async function ensureGroup(): Promise<void> {
    try {
      await deps.redis.call('XGROUP', 'CREATE', stream, INGEST_GROUP, '0', 'MKSTREAM');
    } catch (error) {
      if (!(error instanceof Error && error.message.includes('BUSYGROUP'))) throw error;
    }
  }

  async function readNew(): Promise<StreamEntry[]> {
    const reply = await reader.call('XREADGROUP', 'GROUP', INGEST_GROUP, consumer, 'COUNT', String(batchSize), 'BLOCK', String(blockMs), 'STREAMS', stream, '>');
    return parseReadGroupReply(reply);
  }

  async function claimStale(minIdleMs = claimIdleMs): Promise<StreamEntry[]> {
    const reply = await deps.redis.call('XAUTOCLAIM', stream, INGEST_GROUP, consumer, String(minIdleMs), '0-0', 'COUNT', String(batchSize));
    const { entries, deleted } = parseAutoClaimReply(reply);
    // Entries trimmed from the stream while pending cannot be read any more: ack them away.
    if (deleted.length > 0) await deps.redis.call('XACK', stream, INGEST_GROUP, ...deleted);
    return entries;
  }

  async function deadLetter(items: ReadonlyArray<{ id: string; reason: string; fields: string[] | null }>): Promise<void> {
    if (items.length === 0) return;
    const refusedAt = new Date().toISOString();
    const pipeline = deps.redis.pipeline();
    for (const item of items) pipeline.lpush(deadKey, JSON.stringify({ id: item.id, reason: item.reason, fields: item.fields, refused_at: refusedAt }));
    pipeline.ltrim(deadKey, 0, DEAD_LETTER_MAX - 1);
    await pipeline.exec();
  }

  /** Writes the rows; a row the database refuses (a CHECK, a bad value) is dead-lettered alone, never the batch. */
  async function writeRows(rows: ClickRow[], refused: Array<{ id: string; reason: string; fields: string[] | null }>): Promise<BatchWriteResult> {
    await partitions.ensure(rows.map((r) => utcDate(r.occurred_at)));
    try {
      return await writeBatch(deps.pool, rows);
    } catch (error) {
      if (!isDataError(error)) throw error;
      const total: BatchWriteResult = { inserted: 0, duplicates: 0, touched: [] };
      for (const row of rows) {
        try {
          const one = await writeBatch(deps.pool, [row]);
          total.inserted += one.inserted;
          total.duplicates += one.duplicates;
          total.touched.push(...one.touched);
        } catch (rowError) {
          if (!isDataError(rowError)) throw rowError;
          refused.push({ id: row.stream_message_id, reason: `database refused: ${rowError instanceof Error ? rowError.message : 'error'}`, fields: null });
        }
      }
      return total;
    }
  }

  async function handle(entries: readonly StreamEntry[], handleOptions: { ack?: boolean } = {}): Promise<HandledBatch> {
    const refused: Array<{ id: string; reason: string; fields: string[] | null }> = [];
    const rows: ClickRow[] = [];
    for (const entry of entries) {
      if (entry.fields === null) {
        refused.push({ id: entry.id, reason: 'entry deleted from the stream', fields: null });
        continue;
      }
      const parsed = parseStreamEvent(entry.fields);
      if (!parsed.ok) {
        refused.push({ id: entry.id, reason: parsed.issues.join('; '), fields: entry.fields });
        continue;
      }
      const row = toClickRow(entry.id, parsed.event);
      if (row.ok) rows.push(row.row);
      else refused.push({ id: entry.id, reason: row.reason, fields: entry.fields });
    }
    const written = await writeRows(rows, refused);
    await deadLetter(refused);
    if (handleOptions.ack !== false && entries.length > 0) {
      await deps.redis.call('XACK', stream, INGEST_GROUP, ...entries.map((e) => e.id));
    }
    if (options.refreshSummaries !== false && written.touched.length > 0) queueSummaries(written.touched.map((t) => t.resource_id));
    const handled = { ...written, entries: entries.length, deadLettered: refused.length };
    options.onBatch?.(handled);
    return handled;
  }

  async function run(): Promise<void> {
    await ensureGroup();
    let lastClaim = 0;
    let failures = 0;
    while (running) {
      try {
        if (Date.now() - lastClaim >= Math.min(claimIdleMs, 30_000)) {
          lastClaim = Date.now();
          const stale = await claimStale();
          if (stale.length > 0) await handle(stale);
        }
        const fresh = await readNew();
        if (fresh.length > 0) await handle(fresh);
        failures = 0;
      } catch (error) {
        if (!running) break;
        failures += 1;
        deps.logger.error({ err: { message: error instanceof Error ? error.message : 'error' }, failures }, 'ingest batch failed; entries stay pending');
        await new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 500 * 2 ** Math.min(failures, 6))));
      }
    }
  }

  return {
    consumer,
    ensureGroup,
    readNew,
    claimStale,
    handle,
    async idle() {
      while (refreshing) await refreshing;
    },
    start() {
      if (running) return;
      running = true;
      loop = run();
    },
    async stop() {
      running = false;
      // An XREADGROUP may be blocked for up to blockMs: closing the reader ends it.
      reader.disconnect();
      await loop?.catch(() => undefined);
      loop = null;
      while (refreshing) await refreshing;
    },
  };
}
