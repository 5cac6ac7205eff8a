import { BoundedMemo } from '@linkhub/shared/analytics/bounded-memo';
import type { AnalyticsEvent } from '@linkhub/shared/analytics/event';

/**
 * Batch-entry lines (`toEventLine`: the event's values in schema key order, as a JSON array) written
 * straight into a batch buffer as UTF-8, byte for byte what `toEventLine` gives. Nearly every value
 * of an event repeats across visits (the resource's ids, the UA families, the country, the link's
 * UTMs), so each string value's encoded JSON (`JSON.stringify`, then UTF-8) is remembered and copied;
 * only the visitor hash and the time are new per visit. Building a 400-character string per event and
 * encoding it again cost the capture path more than anything else it did.
 */
const COMMA = 0x2c;
const QUOTE = 0x22;
const NULL_BYTES = Buffer.from('null');
const TRUE_BYTES = Buffer.from('true');
const FALSE_BYTES = Buffer.from('false');
/** The hex hashes (visitor_hash, ua_hash): 32 ASCII characters, quoted. */
const HASH_BYTES = 34;

export class EventLineBuffer {
  #bytes: Buffer;
  #used = 0;
  #count = 0;
  readonly #initialBytes: number;
  readonly #encoded: BoundedMemo<string, Buffer>;
  #timeText = '';
  #timeBytes = NULL_BYTES;

  constructor(initialBytes: number, memoCapacity = 4096) {
    this.#initialBytes = initialBytes;
    this.#bytes = Buffer.allocUnsafe(initialBytes);
    this.#encoded = new BoundedMemo(memoCapacity);
  }

  /** Lines written since the last `take()`. */
  get count(): number {
    return this.#count;
  }

  /** Appends `event` as one line. */
  add(e: AnalyticsEvent): void {
    if (this.#count > 0) this.#byte(0x0a);
    this.#byte(0x5b);
    this.#text(e.event_type);
    this.#byte(COMMA);
    this.#text(e.workspace_id);
    this.#byte(COMMA);
    this.#text(e.resource_type);
    this.#byte(COMMA);
    this.#text(e.resource_id);
    this.#byte(COMMA);
    this.#text(e.block_id);
    this.#byte(COMMA);
    this.#time(e.occurred_at);
    this.#byte(COMMA);
    this.#hash(e.visitor_hash);
    this.#byte(COMMA);
    this.#text(e.country_code);
    this.#byte(COMMA);
    this.#text(e.region_code);
    this.#byte(COMMA);
    this.#text(e.device_type);
    this.#byte(COMMA);
    this.#text(e.os_family);
    this.#byte(COMMA);
    this.#text(e.browser_family);
    this.#byte(COMMA);
    this.#text(e.ua_hash);
    this.#byte(COMMA);
    this.#text(e.referrer_host);
    this.#byte(COMMA);
    this.#text(e.utm_source);
    this.#byte(COMMA);
    this.#text(e.utm_medium);
    this.#byte(COMMA);
    this.#text(e.utm_campaign);
    this.#byte(COMMA);
    this.#text(e.utm_term);
    this.#byte(COMMA);
    this.#text(e.utm_content);
    this.#byte(COMMA);
    this.#text(e.variant_id);
    this.#byte(COMMA);
    this.#text(e.fallback_stage);
    this.#byte(COMMA);
    this.#copy(e.is_bot ? TRUE_BYTES : FALSE_BYTES);
    this.#byte(0x5d);
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

  #byte(value: number): void {
    this.#room(1);
    this.#bytes[this.#used] = value;
    this.#used += 1;
  }

  #copy(fragment: Buffer): void {
    this.#room(fragment.length);
    this.#bytes.set(fragment, this.#used);
    this.#used += fragment.length;
  }

  #text(value: string | null): void {
    if (value === null) return this.#copy(NULL_BYTES);
    let fragment = this.#encoded.get(value);
    if (fragment === undefined) {
      fragment = Buffer.from(JSON.stringify(value));
      this.#encoded.set(value, fragment);
    }
    this.#copy(fragment);
  }

  /** The time changes once per millisecond at most: its encoding is kept until it does. */
  #time(value: string): void {
    if (value !== this.#timeText) {
      this.#timeText = value;
      this.#timeBytes = Buffer.from(JSON.stringify(value));
    }
    this.#copy(this.#timeBytes);
  }

  /** A new value every visit, never remembered: written in place when it is the 32-hex-digit form the edge makes. */
  #hash(value: string): void {
    if (value.length !== HASH_BYTES - 2 || !HEX32.test(value)) return this.#copy(Buffer.from(JSON.stringify(value)));
    this.#room(HASH_BYTES);
    this.#bytes[this.#used] = QUOTE;
    this.#bytes.write(value, this.#used + 1, HASH_BYTES - 2, 'latin1');
    this.#bytes[this.#used + HASH_BYTES - 1] = QUOTE;
    this.#used += HASH_BYTES;
  }
}

const HEX32 = /^[0-9a-f]{32}$/;
