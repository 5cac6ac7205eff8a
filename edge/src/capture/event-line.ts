import { BoundedMemo } from '@linkhub/shared/cache/bounded-memo';
import type { AnalyticsEvent } from '@linkhub/shared/analytics/event';
import { HASH_HEX } from '@linkhub/shared/analytics/event-schema';
import type { GeoFacts } from '@linkhub/shared/server/analytics/geo';
import { runValues, wholeMsInstant } from '@linkhub/shared/analytics/run-batch';
import type { UaFacts } from '@linkhub/shared/server/analytics/ua';
import { lastIsoInstant } from './iso-time';

/**
 * Capture's batch entries (`v 3 t <base ms> r <runs> e <lines>`, shared/src/analytics/run-batch.ts)
 * written straight into two buffers as UTF-8: the runs of values that repeat across visits, each
 * once per entry, and one short line per event referring to them.
 *
 * The caller hands the runs over as the objects it already shares between visits (`EventLine`: the
 * payload's subject and UTMs, the geo memo's record, the UA memo's facts), so each run's JSON is
 * encoded once per object (identity-keyed: the objects must not change after they are first
 * written) and a batch finds it again by that encoding's identity; the two single-value runs
 * (ua_hash, referrer) are remembered per string in a bounded memo. Only the visitor hash and the
 * time are new per visit. A redirect's event costs the writer a few map reads and ~60 bytes.
 */
export type EventSubject = Readonly<
  Pick<AnalyticsEvent, 'event_type' | 'workspace_id' | 'resource_type' | 'resource_id' | 'block_id'>
>;
type UtmField = 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content';
export type EventUtm = Readonly<Pick<AnalyticsEvent, UtmField>>;

/** One event as runs of values that repeat together; `eventLineOf` and `analyticsEventOf` convert. */
export type EventLine = {
  subject: EventSubject;
  occurred_at: string;
  visitor_hash: string;
  /** country_code, region_code */
  geo: Readonly<GeoFacts>;
  /** device_type, os_family, browser_family … is_bot */
  ua: Readonly<UaFacts>;
  ua_hash: string;
  referrer_host: string | null;
  utm: EventUtm;
  variant_id: string | null;
  fallback_stage: AnalyticsEvent['fallback_stage'];
  /** The primary subtag of the visitor's preferred language (`de`), else null. */
  language: string | null;
};

export function eventLineOf(e: AnalyticsEvent): EventLine {
  return {
    subject: {
      event_type: e.event_type,
      workspace_id: e.workspace_id,
      resource_type: e.resource_type,
      resource_id: e.resource_id,
      block_id: e.block_id,
    },
    occurred_at: e.occurred_at,
    visitor_hash: e.visitor_hash,
    geo: { country: e.country_code, region: e.region_code },
    ua: {
      deviceType: e.device_type,
      osFamily: e.os_family,
      browserFamily: e.browser_family,
      isBot: e.is_bot,
    },
    ua_hash: e.ua_hash,
    referrer_host: e.referrer_host,
    utm: {
      utm_source: e.utm_source,
      utm_medium: e.utm_medium,
      utm_campaign: e.utm_campaign,
      utm_term: e.utm_term,
      utm_content: e.utm_content,
    },
    variant_id: e.variant_id,
    fallback_stage: e.fallback_stage,
    language: e.language ?? null,
  };
}

export function analyticsEventOf(line: EventLine): AnalyticsEvent {
  return {
    ...line.subject,
    occurred_at: line.occurred_at,
    visitor_hash: line.visitor_hash,
    country_code: line.geo.country,
    region_code: line.geo.region,
    device_type: line.ua.deviceType,
    os_family: line.ua.osFamily,
    browser_family: line.ua.browserFamily,
    ua_hash: line.ua_hash,
    referrer_host: line.referrer_host,
    ...line.utm,
    variant_id: line.variant_id,
    fallback_stage: line.fallback_stage,
    is_bot: line.ua.isBot,
    language: line.language,
  };
}

const OPEN = 0x5b;
const CLOSE = 0x5d;
const QUOTE = 0x22;
const COMMA = 0x2c;
const NEWLINE = 0x0a;
const MINUS = 0x2d;
const ZERO = 0x30;
/** The outcome run of nearly every visit: no variant, no fallback. */
const PLAIN_OUTCOME = Buffer.from(JSON.stringify(runValues.outcome(null, null)));
const NULL_RUN = Buffer.from(JSON.stringify(runValues.single(null)));

type RunCache<K> = { get(key: K): Buffer | undefined; set(key: K, bytes: Buffer): unknown };

/** The run of `key` as JSON bytes, encoded once per key of `cache`. */
function encodedRun<K>(cache: RunCache<K>, key: K, values: (key: K) => unknown[]): Buffer {
  let bytes = cache.get(key);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(values(key)));
    cache.set(key, bytes);
  }
  return bytes;
}
const geoRun = (geo: Readonly<GeoFacts>): unknown[] => runValues.geo(geo.country, geo.region);
const uaRun = (ua: Readonly<UaFacts>): unknown[] =>
  runValues.ua(ua.deviceType, ua.osFamily, ua.browserFamily, ua.isBot);

/** A byte buffer that grows as it is written. */
class Bytes {
  bytes: Buffer;
  used = 0;

  constructor(initial: number) {
    this.bytes = Buffer.allocUnsafe(Math.max(16, initial));
  }

  room(n: number): void {
    if (this.used + n <= this.bytes.length) return;
    const bigger = Buffer.allocUnsafe((this.used + n) * 2);
    this.bytes.copy(bigger, 0, 0, this.used);
    this.bytes = bigger;
  }

  byte(value: number): void {
    this.room(1);
    this.bytes[this.used] = value;
    this.used += 1;
  }

  copy(fragment: Buffer): void {
    this.room(fragment.length);
    this.bytes.set(fragment, this.used);
    this.used += fragment.length;
  }

  /** A safe integer in decimal. */
  integer(value: number): void {
    this.room(17);
    let n = value;
    if (n < 0) {
      this.bytes[this.used] = MINUS;
      this.used += 1;
      n = -n;
    }
    let digits = 1;
    for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
    for (let at = this.used + digits - 1; at >= this.used; at -= 1) {
      this.bytes[at] = ZERO + (n % 10);
      n = Math.floor(n / 10);
    }
    this.used += digits;
  }

  /** Text known to be ASCII with nothing JSON escapes. */
  ascii(text: string): void {
    this.room(text.length);
    this.used += this.bytes.write(text, this.used, text.length, 'latin1');
  }

  take(): Buffer {
    return this.bytes.subarray(0, this.used);
  }
}

/** One batch entry's parts, ready for XADD. */
export type RunBatch = { count: number; base: number; runs: Buffer; lines: Buffer };

export class RunBatchBuffer {
  readonly #initialBytes: number;
  #lines: Bytes;
  #runs: Bytes;
  #count = 0;
  #base = 0;
  /** This batch's runs, by the identity of their encoding. */
  readonly #runIndex = new Map<Buffer, number>();
  readonly #subjects = new WeakMap<EventSubject, Buffer>();
  readonly #places = new WeakMap<Readonly<GeoFacts>, Buffer>();
  readonly #families = new WeakMap<Readonly<UaFacts>, Buffer>();
  readonly #utms = new WeakMap<EventUtm, Buffer>();
  /** Single-value runs (ua_hash, referrer_host, language) and outcome runs, by their value / JSON. */
  readonly #values: BoundedMemo<string, Buffer>;
  readonly #outcomes: BoundedMemo<string, Buffer>;
  #timeText = '';
  /** ms of `#timeText`, or null when it is not a whole-ms instant (then the text itself is written). */
  #timeAt: number | null = null;

  /** `initialBytes`: room for the lines of a typical batch before a buffer has to grow. */
  constructor(initialBytes: number, memoCapacity = 4096) {
    this.#initialBytes = initialBytes;
    this.#lines = new Bytes(initialBytes);
    this.#runs = this.#newRuns();
    this.#values = new BoundedMemo(memoCapacity);
    this.#outcomes = new BoundedMemo(Math.max(2, Math.floor(memoCapacity / 16)));
  }

  /** Events written since the last `take()`. */
  get count(): number {
    return this.#count;
  }

  /** Appends one event. */
  add(e: EventLine): void {
    const at = this.#time(e.occurred_at);
    if (this.#count === 0) this.#base = at ?? 0;
    const lines = this.#lines;
    if (this.#count > 0) lines.byte(NEWLINE);
    lines.byte(OPEN);
    this.#ref(encodedRun(this.#subjects, e.subject, runValues.subject));
    if (at === null) lines.copy(Buffer.from(JSON.stringify(e.occurred_at)));
    else lines.integer(at - this.#base);
    lines.byte(COMMA);
    if (e.visitor_hash.length === 32 && HASH_HEX.test(e.visitor_hash)) {
      lines.byte(QUOTE);
      lines.ascii(e.visitor_hash);
      lines.byte(QUOTE);
    } else lines.copy(Buffer.from(JSON.stringify(e.visitor_hash)));
    lines.byte(COMMA);
    this.#ref(encodedRun(this.#places, e.geo, geoRun));
    this.#ref(encodedRun(this.#families, e.ua, uaRun));
    this.#ref(this.#value(e.ua_hash));
    this.#ref(this.#value(e.referrer_host));
    this.#ref(encodedRun(this.#utms, e.utm, runValues.utm));
    this.#ref(this.#outcome(e.variant_id, e.fallback_stage));
    this.#ref(this.#value(e.language), CLOSE);
    this.#count += 1;
  }

  /** What was written, and fresh buffers for the next batch (what is handed out is never written again). */
  take(): RunBatch {
    this.#runs.byte(CLOSE);
    const batch: RunBatch = {
      count: this.#count,
      base: this.#base,
      runs: this.#runs.take(),
      lines: this.#lines.take(),
    };
    this.#lines = new Bytes(this.#initialBytes);
    this.#runs = this.#newRuns();
    this.#runIndex.clear();
    this.#count = 0;
    this.#base = 0;
    return batch;
  }

  #newRuns(): Bytes {
    const runs = new Bytes(this.#initialBytes / 4);
    runs.byte(OPEN);
    return runs;
  }

  /** Writes the index of `run` in this batch (adding it to the runs first time), then `after`. */
  #ref(run: Buffer, after = COMMA): void {
    let index = this.#runIndex.get(run);
    if (index === undefined) {
      index = this.#runIndex.size;
      if (index > 0) this.#runs.byte(COMMA);
      this.#runs.copy(run);
      this.#runIndex.set(run, index);
    }
    this.#lines.integer(index);
    this.#lines.byte(after);
  }

  #value(value: string | null): Buffer {
    return value === null ? NULL_RUN : encodedRun(this.#values, value, runValues.single);
  }

  #outcome(variant: string | null, fallback: string | null): Buffer {
    if (variant === null && fallback === null) return PLAIN_OUTCOME;
    const values = (): unknown[] => runValues.outcome(variant, fallback);
    return encodedRun(this.#outcomes, JSON.stringify(values()), values);
  }

  /** The time changes once per millisecond at most: its parse is kept until it does (none for `isoTimeOf`'s own text). */
  #time(value: string): number | null {
    if (value !== this.#timeText) {
      this.#timeText = value;
      this.#timeAt = lastIsoInstant(value) ?? wholeMsInstant(value);
    }
    return this.#timeAt;
  }
}
