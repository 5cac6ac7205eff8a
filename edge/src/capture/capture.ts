import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { CAPTURE_BATCH_MAX_EVENTS, clicksStreamMaxEntries } from '@linkhub/shared/analytics/event';
import type { SaltSource } from '@linkhub/shared/server/analytics/salt';
import { uaHash, visitorHash } from '@linkhub/shared/server/analytics/visitor-hash';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { BoundedMemo } from '@linkhub/shared/cache/bounded-memo';
import { isTransientRedisError } from '@linkhub/shared/redis/transient-error';
import type { EdgeMetrics } from '../metrics';
import { RunBatchBuffer, type EventLine, type RunBatch } from './event-line';
import { alreadyAppended, batchFields, type UnsettledBatch } from './unsettled-batch';
import type { RequestFacts } from '../request/request-facts';

/**
 * Fire-and-forget capture (docs/product-rules.md#the-redirect): the event is queued in memory and the request goes
 * on; queued events leave as one batch entry on `clicks:raw` (`v 3 t <ms> r <runs> e <one line per
 * event>`, shared/src/analytics/run-batch.ts), once `batchSize` are waiting or `flushMs` after the first,
 * whichever comes first. One XADD per batch instead of one per visit is most of capture's cost gone,
 * in the edge and in Redis.
 *
 * During a Redis outage nothing is dropped silently: events are held in memory, at
 * most `outageCapacity` of them, and sent in batches as soon as the connection is ready again; an
 * event that finds the buffer full is counted in `captureOverflow`. A batch whose XADD fails because
 * the connection went away (or that a Redis Cluster turns away while a master is replaced) is kept
 * whole and settled once Redis answers: found already appended, or sent again — never counted twice
 * (unsettled-batch.ts, D-362); a batch Redis refuses while connected counts in `captureFailed`.
 * Events still queued or held when the process dies without `flush()` (SIGKILL, crash) are lost.
 */
export type Capture = {
  emit(event: EventLine): void;
  readonly enabled: boolean;
  /** Events held in memory, waiting for Redis to come back. */
  readonly held: number;
  /** Sends what is queued now, and what is held if Redis is back (shutdown; tests). */
  flush(): Promise<void>;
};

export type CaptureOptions = {
  batchSize?: number;
  flushMs?: number;
  /** Events kept in memory while Redis is unavailable (default 10,000: about 5 MB). */
  outageCapacity?: number;
};

export const DEFAULT_OUTAGE_CAPACITY = 10_000;

/** How soon batches left unsettled by a transient error (a cluster failover) are tried again. */
const RETRY_MS = 250;

/** Room for a batch of typical lines (about 60 bytes each) before the buffer has to grow. */
const BYTES_PER_EVENT = 96;

export function createCapture(
  redis: RedisClient,
  prefix: string,
  metrics: EdgeMetrics,
  enabled: boolean,
  options: CaptureOptions = {},
): Capture {
  const stream = clicksStreamKey(prefix);
  const batchSize = Math.min(options.batchSize ?? CAPTURE_BATCH_MAX_EVENTS, CAPTURE_BATCH_MAX_EVENTS);
  const flushMs = options.flushMs ?? 20;
  const outageCapacity = options.outageCapacity ?? DEFAULT_OUTAGE_CAPACITY;
  const queued = new RunBatchBuffer(batchSize * BYTES_PER_EVENT);
  /** The events of the batch being written into `queued`, kept so a batch that cannot leave can be held. */
  let queuedEvents: EventLine[] = [];
  /** Events waiting for Redis to come back, oldest first. */
  const held: EventLine[] = [];
  /** Batches sent whose fate is unknown (their reply was lost), settled before anything is sent again. */
  const unsettled: UnsettledBatch[] = [];
  let timer: NodeJS.Timeout | null = null;

  function heldCount(): number {
    return held.length + unsettled.reduce((sum, item) => sum + item.batch.count, 0);
  }

  function hold(events: readonly EventLine[]): void {
    for (const event of events) {
      if (heldCount() >= outageCapacity) {
        metrics.captureOverflow += 1;
        continue;
      }
      held.push(event);
      metrics.captureHeld += 1;
    }
  }

  function send(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const count = queued.count;
    if (count === 0) return Promise.resolve();
    const batch = queued.take();
    const events = queuedEvents;
    queuedEvents = [];
    if (redis.status !== 'ready') {
      hold(events);
      return Promise.resolve();
    }
    return append(batch).then(
      () => {
        metrics.captured += count;
      },
      (error: unknown) => unsent(batch, Date.now(), error),
    );
  }

  function append(batch: RunBatch): Promise<unknown> {
    const maxEntries = String(clicksStreamMaxEntries(batch.count));
    return redis.xadd(stream, 'MAXLEN', '~', maxEntries, '*', ...batchFields(batch));
  }

  /** A sent batch failed: refused for good (counted), or kept to be settled once Redis answers again. */
  function unsent(batch: RunBatch, firstSentAt: number, error: unknown): void {
    if (redis.status === 'ready' && !isTransientRedisError(error)) {
      metrics.captureFailed += batch.count;
      return;
    }
    if (heldCount() + batch.count > outageCapacity) {
      metrics.captureOverflow += batch.count;
      return;
    }
    unsettled.push({ batch, firstSentAt });
    metrics.captureHeld += batch.count;
    // A Redis Cluster stays 'ready' while one master is replaced: try again shortly.
    if (redis.status === 'ready') retrySoon();
  }

  /** Each unsettled batch: already in the stream (captured), or sent again. */
  async function settle(): Promise<void> {
    for (const item of unsettled.splice(0, unsettled.length)) {
      try {
        if (!(await alreadyAppended(redis, stream, item))) await append(item.batch);
        metrics.captured += item.batch.count;
      } catch (error) {
        unsent(item.batch, item.firstSentAt, error);
      }
    }
  }

  let retryTimer: NodeJS.Timeout | null = null;
  function retrySoon(): void {
    if (retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void drain();
    }, RETRY_MS);
    retryTimer.unref();
  }

  function enqueue(event: EventLine): Promise<void> | null {
    queued.add(event);
    queuedEvents.push(event);
    return queued.count >= batchSize ? send() : null;
  }

  /** Settles unsettled batches and sends every held event, in batches; called when the connection is ready again. */
  function drain(): Promise<void> {
    if (redis.status !== 'ready' || heldCount() === 0) return Promise.resolve();
    const sends: Array<Promise<void>> = [settle()];
    for (const event of held.splice(0, held.length)) {
      const sent = enqueue(event);
      if (sent) sends.push(sent);
    }
    sends.push(send());
    return Promise.all(sends).then(() => undefined);
  }

  if (enabled) redis.on('ready', () => void drain());

  return {
    enabled,
    emit(event) {
      if (!enabled) return;
      if (redis.status !== 'ready') {
        hold([event]);
        return;
      }
      if (enqueue(event) === null && !timer) {
        timer = setTimeout(() => void send(), flushMs);
        timer.unref();
      }
    },
    get held() {
      return heldCount();
    },
    flush: () => Promise.all([send(), drain()]).then(() => undefined),
  };
}

/** The visitor's daily-salted hashes for one workspace. */
export type VisitorIds = { visitorHash: string; uaHash: string; durable: boolean };
/** Synchronous while the day's salt is held (nearly every visit); a promise only when it must be fetched. */
export type VisitorIdSource = (
  now: Date,
  workspaceId: string,
  facts: RequestFacts,
) => VisitorIds | Promise<VisitorIds>;

/**
 * Visitor ids with `ua_hash` memoised per User-Agent for the current salt (the same few thousand
 * User-Agents make most traffic; the memo is keyed by `facts.uaKey`, a hash, lives in memory only and
 * is dropped when the salt changes).
 */
export function createVisitorIds(salts: SaltSource, capacity = 2000): VisitorIdSource {
  let memoSalt: Buffer | null = null;
  /** The current durable salt and the UTC day it covers, so a visit inside that day skips the salt source. */
  let current: { salt: Buffer; from: number; until: number } | null = null;
  let uaHashes = new BoundedMemo<string, string>(capacity);
  function ids(salt: Buffer, durable: boolean, workspaceId: string, facts: RequestFacts): VisitorIds {
    if (salt !== memoSalt) {
      memoSalt = salt;
      uaHashes = new BoundedMemo<string, string>(capacity);
    }
    let ua = uaHashes.get(facts.uaKey);
    if (ua === undefined) {
      ua = uaHash(salt, facts.userAgent);
      uaHashes.set(facts.uaKey, ua);
    }
    return { visitorHash: visitorHash(salt, workspaceId, facts.ip, facts.userAgent), uaHash: ua, durable };
  }
  return (now, workspaceId, facts) => {
    const at = now.getTime();
    if (current && at >= current.from && at < current.until)
      return ids(current.salt, true, workspaceId, facts);
    return salts.forDate(now).then((daily) => {
      const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      current = daily.durable ? { salt: daily.salt, from, until: from + 86_400_000 } : null;
      return ids(daily.salt, daily.durable, workspaceId, facts);
    });
  };
}

export { isoTimeOf } from './iso-time';
