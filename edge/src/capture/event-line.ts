import { BoundedMemo } from '@linkhub/shared/analytics/bounded-memo';
import type { AnalyticsEvent } from '@linkhub/shared/analytics/event';
import type { GeoFacts } from '@linkhub/shared/analytics/geo';
import type { UaFacts } from '@linkhub/shared/analytics/ua';

/**
 * Batch-entry lines (`toEventLine`: the event's values in schema key order, as a JSON array) written
 * straight into a batch buffer as UTF-8, byte for byte what `toEventLine` gives.
 *
 * Nearly every value of a visit repeats across visits, and in runs: the resource's ids and type, the
 * country and region, the UA families, the link's UTMs. The caller hands those runs over as the
 * objects it already shares between visits (`EventLine`: the payload's subject, the geo memo's
 * record, the UA memo's facts, the payload's UTMs), and each run is encoded once per object
 * (identity-keyed, so the objects must not change after they are first written) and then copied as
 * one fragment. Only the visitor hash and the time are new per visit; the few single values left are
 * remembered per string in a bounded memo. Building a 400-character string per event and encoding
 * it again cost the capture path more than anything else it did; copying 23 separate values was next.
 */
export type EventSubject = Readonly<Pick<AnalyticsEvent, 'event_type' | 'workspace_id' | 'resource_type' | 'resource_id' | 'block_id'>>;
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
};

export function eventLineOf(e: AnalyticsEvent): EventLine {
  return {
    subject: { event_type: e.event_type, workspace_id: e.workspace_id, resource_type: e.resource_type, resource_id: e.resource_id, block_id: e.block_id },
    occurred_at: e.occurred_at,
    visitor_hash: e.visitor_hash,
    geo: { country: e.country_code, region: e.region_code },
    ua: { deviceType: e.device_type, osFamily: e.os_family, browserFamily: e.browser_family, isBot: e.is_bot },
    ua_hash: e.ua_hash,
    referrer_host: e.referrer_host,
    utm: { utm_source: e.utm_source, utm_medium: e.utm_medium, utm_campaign: e.utm_campaign, utm_term: e.utm_term, utm_content: e.utm_content },
    variant_id: e.variant_id,
    fallback_stage: e.fallback_stage,
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
  };
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const NEWLINE = 0x0a;
/** The values of a run as JSON array elements, each followed by a comma (what `toEventLine` puts between them). */
function runBytes(values: readonly unknown[], open = ''): Buffer {
  return Buffer.from(`${open}${JSON.stringify(values).slice(1, -1)},`);
}
/** variant_id, fallback_stage, is_bot and the closing bracket, for the usual case of no variant and no fallback. */
const PLAIN_TAIL = { human: Buffer.from('null,null,false]'), bot: Buffer.from('null,null,true]') } as const;
const NULL_VALUE = Buffer.from('null,');
const HUMAN_END = Buffer.from('false]');
const BOT_END = Buffer.from('true]');
/** The hex hashes (visitor_hash, ua_hash): 32 ASCII characters, quoted, then a comma. */
const HASH_BYTES = 35;
const HEX32 = /^[0-9a-f]{32}$/;

export class EventLineBuffer {
  #bytes: Buffer;
  #used = 0;
  #count = 0;
  readonly #initialBytes: number;
  /** A single value's JSON and a comma. */
  readonly #encoded: BoundedMemo<string, Buffer>;
  readonly #subjects = new WeakMap<EventSubject, Buffer>();
  readonly #places = new WeakMap<Readonly<GeoFacts>, Buffer>();
  readonly #families = new WeakMap<Readonly<UaFacts>, Buffer>();
  readonly #utms = new WeakMap<EventUtm, Buffer>();
  #timeText = '';
  #timeBytes: Buffer = NULL_VALUE;

  constructor(initialBytes: number, memoCapacity = 4096) {
    this.#initialBytes = initialBytes;
    this.#bytes = Buffer.allocUnsafe(initialBytes);
    this.#encoded = new BoundedMemo(memoCapacity);
  }

  /** Lines written since the last `take()`. */
  get count(): number {
    return this.#count;
  }

  /** Appends one event as one line. */
  add(e: EventLine): void {
    if (this.#count > 0) {
      this.#room(1);
      this.#bytes[this.#used] = NEWLINE;
      this.#used += 1;
    }
    this.#copy(this.#subject(e.subject));
    this.#time(e.occurred_at);
    this.#hash(e.visitor_hash);
    this.#copy(this.#place(e.geo));
    this.#copy(this.#familiesOf(e.ua));
    this.#copy(this.#value(e.ua_hash));
    this.#copy(this.#value(e.referrer_host));
    this.#copy(this.#utm(e.utm));
    if (e.variant_id === null && e.fallback_stage === null) this.#copy(e.ua.isBot ? PLAIN_TAIL.bot : PLAIN_TAIL.human);
    else {
      this.#copy(this.#value(e.variant_id));
      this.#copy(this.#value(e.fallback_stage));
      this.#copy(e.ua.isBot ? BOT_END : HUMAN_END);
    }
    this.#count += 1;
  }

  /** The lines so far, and a fresh buffer for the next batch (the one handed out is never written again). */
  take(): Buffer {
    const taken = this.#bytes.subarray(0, this.#used);
    this.#bytes = Buffer.allocUnsafe(this.#initialBytes);
    this.#used = 0;
    this.#count = 0;
    return taken;
  }

  #room(n: number): void {
    if (this.#used + n <= this.#bytes.length) return;
    const bigger = Buffer.allocUnsafe((this.#used + n) * 2);
    this.#bytes.copy(bigger, 0, 0, this.#used);
    this.#bytes = bigger;
  }

  #copy(fragment: Buffer): void {
    this.#room(fragment.length);
    this.#bytes.set(fragment, this.#used);
    this.#used += fragment.length;
  }

  #subject(s: EventSubject): Buffer {
    let bytes = this.#subjects.get(s);
    if (bytes === undefined) {
      bytes = runBytes([s.event_type, s.workspace_id, s.resource_type, s.resource_id, s.block_id], '[');
      this.#subjects.set(s, bytes);
    }
    return bytes;
  }

  #place(geo: Readonly<GeoFacts>): Buffer {
    let bytes = this.#places.get(geo);
    if (bytes === undefined) {
      bytes = runBytes([geo.country, geo.region]);
      this.#places.set(geo, bytes);
    }
    return bytes;
  }

  #familiesOf(ua: Readonly<UaFacts>): Buffer {
    let bytes = this.#families.get(ua);
    if (bytes === undefined) {
      bytes = runBytes([ua.deviceType, ua.osFamily, ua.browserFamily]);
      this.#families.set(ua, bytes);
    }
    return bytes;
  }

  #utm(utm: EventUtm): Buffer {
    let bytes = this.#utms.get(utm);
    if (bytes === undefined) {
      bytes = runBytes([utm.utm_source, utm.utm_medium, utm.utm_campaign, utm.utm_term, utm.utm_content]);
      this.#utms.set(utm, bytes);
    }
    return bytes;
  }

  #value(value: string | null): Buffer {
    if (value === null) return NULL_VALUE;
    let bytes = this.#encoded.get(value);
    if (bytes === undefined) {
      bytes = runBytes([value]);
      this.#encoded.set(value, bytes);
    }
    return bytes;
  }

  /** The time changes once per millisecond at most: its encoding is kept until it does. */
  #time(value: string): void {
    if (value !== this.#timeText) {
      this.#timeText = value;
      this.#timeBytes = runBytes([value]);
    }
    this.#copy(this.#timeBytes);
  }

  /** A new value every visit, never remembered: written in place when it is the 32-hex-digit form the edge makes. */
  #hash(value: string): void {
    if (value.length !== HASH_BYTES - 3 || !HEX32.test(value)) return this.#copy(runBytes([value]));
    this.#room(HASH_BYTES);
    const at = this.#used;
    this.#bytes[at] = QUOTE;
    this.#bytes.write(value, at + 1, HASH_BYTES - 3, 'latin1');
    this.#bytes[at + HASH_BYTES - 2] = QUOTE;
    this.#bytes[at + HASH_BYTES - 1] = COMMA;
    this.#used += HASH_BYTES;
  }
}
