import { hostname } from 'node:os';
import type pg from 'pg';
import { duplicateRedis, type RedisClient } from '@linkhub/shared/server/redis/client';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import { createPartitionCache } from '../analytics/partitions';
import { refreshSummaries } from '../analytics/summaries';
import { pokeWorkspaceMembers } from '../pokes';
import {
  createReadSize,
  type HandleOptions,
  type HandledBatch,
  type IngestOptions,
} from './consumer-options';
import { createConsumerGroup, isNoGroup } from './consumer-group';
import { createBatchHandler } from './handle-batch';
import { clicksDeadLetterKey, MAX_DELIVERIES } from './names';
import { createSeenVisitorDays } from './seen-visitor-days';
import { createSerialLane } from './serial-lane';
import { createStaleClaims } from './stale-claims';
import type { StreamEntry } from './stream-entries';
import { createStreamReads } from './stream-reads';
import { createSummaryRefresher } from './summary-refresher';

export type { HandledBatch, IngestOptions } from './consumer-options';

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
   * before the ack). `redelivered: true` for claimed entries; an entry stored already is skipped
   * whole by the ingest's entry ledger, whether it comes new or claimed.
   */
  handle(entries: readonly StreamEntry[], options?: HandleOptions): Promise<HandledBatch>;
  /** Resolves once the summary refreshes queued by handled batches have run (without waiting for the interval). */
  idle(): Promise<void>;
  /** Runs the loop until stop(). */
  start(): void;
  stop(): Promise<void>;
};

type Deps = { pool: pg.Pool; redis: RedisClient; logger: Logger; prefix: string };

/**
 * The analytics ingest (docs/product-rules.md#analytics): a loop in the worker process reading `clicks:raw`
 * with consumer group `ingest`. A blocking connection of its own (a duplicate of deps.redis) per
 * parallel consumer. The jobs live beside it: stream-reads.ts (new entries for one transaction),
 * handle-batch.ts (validate, write, dead-letter, ack), stale-claims.ts (a dead consumer's entries,
 * poison entries), consumer-group.ts (the group itself).
 */
export function createIngestConsumer(deps: Deps, options: IngestOptions = {}): IngestConsumer {
  const batchSize = Math.min(options.batchSize ?? 1000, 1000);
  const claimIdleMs = options.claimIdleMs ?? 20_000;
  const consumer = options.consumerName ?? `${hostname()}-${process.pid}`;
  const parallel = Math.max(1, Math.floor(options.parallel ?? 2));
  const stream = clicksStreamKey(deps.prefix);
  const deadKey = clicksDeadLetterKey(deps.prefix);
  const size = createReadSize(batchSize);
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
  const group = createConsumerGroup({
    redis: deps.redis,
    logger: deps.logger,
    stream,
    onGroupRecreated: options.onGroupRecreated,
  });
  const reads = createStreamReads({
    stream,
    size,
    blockMs: options.blockMs ?? 2000,
    readsPerWrite: Math.max(1, Math.floor(options.readsPerWrite ?? 8)),
    lingerMs: Math.max(0, options.lingerMs ?? 1000),
    running: () => running,
  });
  const { handle } = createBatchHandler({
    pool: deps.pool,
    redis: deps.redis,
    stream,
    deadKey,
    partitions: createPartitionCache(deps.pool),
    seen: createSeenVisitorDays(),
    lane: options.serialLane === false ? undefined : createSerialLane(),
    size,
    touched: (ids) => {
      if (options.refreshSummaries !== false) summaries.queue(ids);
    },
    onBatch: options.onBatch,
    committed: options.onCommitted,
  });
  const claims = createStaleClaims({
    pool: deps.pool,
    redis: deps.redis,
    logger: deps.logger,
    stream,
    deadKey,
    size,
    batchSize,
    maxDeliveries: options.maxDeliveries ?? MAX_DELIVERIES,
    handle,
  });

  async function run(name: string, reader: RedisClient): Promise<void> {
    let lastClaim = 0;
    let failures = 0;
    while (running) {
      try {
        // a dead consumer's entries are taken within 1.25 × claimIdleMs of their last delivery
        if (Date.now() - lastClaim >= claimIdleMs / 4) {
          lastClaim = Date.now();
          const stale = await claims.claimStale(name, claimIdleMs);
          if (stale.length > 0) await handle(stale, { redelivered: true });
        }
        const fresh = await reads.readForWrite(name, reader);
        if (fresh.length > 0) await handle(fresh);
        failures = 0;
      } catch (error) {
        if (!running) break;
        if (isNoGroup(error) && (await group.recreate())) continue;
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
    ensureGroup: group.ensure,
    readNew: () => reads.readNew(consumer, firstReader),
    claimStale: (minIdleMs = claimIdleMs) => claims.claimStale(consumer, minIdleMs),
    handle,
    async idle() {
      await summaries.flush();
    },
    start() {
      if (running) return;
      running = true;
      loop = (async () => {
        await group.ensureWhenReachable(() => running);
        const names = Array.from({ length: parallel }, (_, k) => (k === 0 ? consumer : `${consumer}-${k}`));
        await Promise.all(names.map((name, k) => run(name, k === 0 ? firstReader : openReader())));
      })();
    },
    async stop() {
      running = false;
      reads.wakeLingering();
      // An XREADGROUP may be blocked for up to blockMs: closing the readers ends it.
      for (const reader of readers) reader.disconnect();
      await loop?.catch(() => undefined);
      loop = null;
      await summaries.flush();
    },
  };
}
