import type { Redis } from 'ioredis';
import { CAPTURE_BATCH_MAX_EVENTS, clicksStreamMaxEntries } from '@linkhub/shared/analytics/event';
import { RUN_BATCH_VERSION } from '@linkhub/shared/analytics/run-batch';
import type { SaltSource } from '@linkhub/shared/analytics/salt';
import { uaHash, visitorHash } from '@linkhub/shared/analytics/visitor-hash';
import { clicksStreamKey } from '@linkhub/shared/cache/keys';
import { BoundedMemo } from '@linkhub/shared/cache/bounded-memo';
import type { EdgeMetrics } from '../metrics';
import { RunBatchBuffer, type EventLine, type EventUtm } from './event-line';
import type { RequestFacts } from './request-facts';

/**
 * Fire-and-forget capture (spec §4.4.1 step 7): the event is queued in memory and the request goes
 * on; queued events leave as one batch entry on `clicks:raw` (`v 3 t <ms> r <runs> e <one line per
 * event>`, shared/src/analytics/run-batch.ts), once `batchSize` are waiting or `flushMs` after the first,
 * whichever comes first. One XADD per batch instead of one per visit is most of capture's cost gone,
 * in the edge and in Redis.
 *
 * At most once, as before: a failed batch increments `captureFailed` by its size and is not retried;
 * events still queued when the process dies without `flush()` (SIGKILL, crash) are lost — at most
 * `flushMs` worth of visits. With Redis not connected an event is counted as dropped without trying.
 */
export type Capture = {
  emit(event: EventLine): void;
  readonly enabled: boolean;
  /** Sends what is queued now (shutdown; tests). */
  flush(): Promise<void>;
};

export type CaptureOptions = { batchSize?: number; flushMs?: number };

const BATCH_VERSION = String(RUN_BATCH_VERSION);

/** Room for a batch of typical lines (about 60 bytes each) before the buffer has to grow. */
const BYTES_PER_EVENT = 96;

export function createCapture(redis: Redis, prefix: string, metrics: EdgeMetrics, enabled: boolean, options: CaptureOptions = {}): Capture {
  const stream = clicksStreamKey(prefix);
  const batchSize = Math.min(options.batchSize ?? CAPTURE_BATCH_MAX_EVENTS, CAPTURE_BATCH_MAX_EVENTS);
  const flushMs = options.flushMs ?? 20;
  const queued = new RunBatchBuffer(batchSize * BYTES_PER_EVENT);
  let timer: NodeJS.Timeout | null = null;

  function send(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const count = queued.count;
    if (count === 0) return Promise.resolve();
    const batch = queued.take();
    if (redis.status !== 'ready') {
      metrics.captureDropped += count;
      return Promise.resolve();
    }
    return redis.xadd(stream, 'MAXLEN', '~', String(clicksStreamMaxEntries(count)), '*', 'v', BATCH_VERSION, 't', String(batch.base), 'r', batch.runs, 'e', batch.lines).then(
      () => {
        metrics.captured += count;
      },
      () => {
        metrics.captureFailed += count;
      },
    );
  }

  return {
    enabled,
    emit(event) {
      if (!enabled) return;
      if (redis.status !== 'ready') {
        metrics.captureDropped += 1;
        return;
      }
      queued.add(event);
      if (queued.count >= batchSize) void send();
      else if (!timer) {
        timer = setTimeout(() => void send(), flushMs);
        timer.unref();
      }
    },
    flush: send,
  };
}

/** The visitor's daily-salted hashes for one workspace. */
export type VisitorIds = { visitorHash: string; uaHash: string; durable: boolean };
/** Synchronous while the day's salt is held (nearly every visit); a promise only when it must be fetched. */
export type VisitorIdSource = (now: Date, workspaceId: string, facts: RequestFacts) => VisitorIds | Promise<VisitorIds>;

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
    if (current && at >= current.from && at < current.until) return ids(current.salt, true, workspaceId, facts);
    return salts.forDate(now).then((daily) => {
      const from = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
      current = daily.durable ? { salt: daily.salt, from, until: from + 86_400_000 } : null;
      return ids(daily.salt, daily.durable, workspaceId, facts);
    });
  };
}

/** `now.toISOString()`, remembered for the last millisecond asked (a busy edge asks many times per ms). */
let isoAt = Number.NaN;
let isoText = '';
export function isoTimeOf(now: Date): string {
  const at = now.getTime();
  if (at !== isoAt) {
    isoText = now.toISOString();
    isoAt = at;
  }
  return isoText;
}

type UtmEventField = keyof EventUtm;

function pickUtm(params: URLSearchParams | null, fallback: Partial<Record<UtmEventField, string>>, key: UtmEventField): string | null {
  const value = params?.get(key) ?? fallback[key] ?? null;
  return value === null || value === '' ? null : value.slice(0, 255);
}

/** utm_* of the event: the visit's own UTM parameters, else those the link adds (`fallback`). */
export function eventUtm(query: string, fallback: Partial<Record<UtmEventField, string>>): EventUtm {
  const params = query === '' ? null : new URLSearchParams(query);
  return {
    utm_source: pickUtm(params, fallback, 'utm_source'),
    utm_medium: pickUtm(params, fallback, 'utm_medium'),
    utm_campaign: pickUtm(params, fallback, 'utm_campaign'),
    utm_term: pickUtm(params, fallback, 'utm_term'),
    utm_content: pickUtm(params, fallback, 'utm_content'),
  };
}
