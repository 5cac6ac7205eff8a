import { randomFillSync } from 'node:crypto';
import type { ClickRow } from './click-row';
import { copyField } from './copy-text';

const TAB = 0x09;
const NEWLINE = 0x0a;
const BACKSLASH = 0x5c;
const CARRIAGE_RETURN = 0x0d;
const HEX_CODES = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
const NULL_FIELD = [BACKSLASH, 'N'.charCodeAt(0)];
/** `\\x`: a bytea's hex prefix, its backslash escaped for the text format. */
const BYTEA_PREFIX = [BACKSLASH, BACKSLASH, 'x'.charCodeAt(0)];
/** Room for one typical row (≈ 330 bytes) before the buffer has to grow. */
const BYTES_PER_ROW = 512;
const POOL_BYTES = 16 * 1024;

/** Two hex digits of `value` (a byte) at `at`; the next position. */
function writeHex(bytes: Buffer, at: number, value: number): number {
  bytes[at] = HEX_CODES[value >> 4] ?? 0x30;
  bytes[at + 1] = HEX_CODES[value & 0x0f] ?? 0x30;
  return at + 2;
}

/**
 * click_events rows as the bytes of a `COPY … FROM STDIN (FORMAT text)`, written straight into one
 * buffer. Building each row as a string and converting the whole text with Buffer.from cost
 * ~5 µs per row, with garbage collection about half of the ingest's node CPU (bench/ingest
 * stage-cost.ts); most fields are ASCII known in advance (ids, times, hex hashes, enums) and are
 * copied byte by byte, free text is checked the same way and only escaped and UTF-8-encoded when
 * it needs it.
 *
 * Row ids are UUIDv7 (48-bit Unix ms, version 7, variant 10, 74 random bits) with the random bits
 * from a 16 KiB pool refilled in one `randomFillSync` (one `getRandomValues` per id was a tenth of
 * the ingest's CPU, D-136). Ids of one millisecond are not ordered among themselves; nothing needs that.
 */
export class CopyRowWriter {
  #bytes = Buffer.alloc(0);
  #used = 0;
  readonly #pool = new Uint8Array(POOL_BYTES);
  #poolAt = POOL_BYTES;
  /** The last time written and its ISO text (the rows of a batch share few milliseconds). */
  #timeMs = Number.NaN;
  #timeText = '';

  /** The COPY bytes of `rows`, their ids made at `now`: a buffer of the caller's own (a write may still be streaming one while the next is made). */
  write(rows: readonly ClickRow[], now: number): Buffer {
    this.#bytes = Buffer.allocUnsafe(rows.length * BYTES_PER_ROW + 64);
    this.#used = 0;
    const msHex = now.toString(16).padStart(12, '0').slice(-12);
    for (const row of rows) this.#row(row, msHex);
    return this.#bytes.subarray(0, this.#used);
  }

  #row(row: ClickRow, msHex: string): void {
    this.#id(msHex);
    this.#tab();
    this.#text(row.stream_message_id);
    this.#tab();
    this.#ascii(this.#iso(row.occurred_at));
    this.#tab();
    this.#ascii(row.event_type);
    this.#tab();
    this.#ascii(row.workspace_id);
    this.#tab();
    this.#ascii(row.resource_type);
    this.#tab();
    this.#ascii(row.resource_id);
    this.#tab();
    this.#nullableAscii(row.parent_resource_id);
    this.#tab();
    this.#codes(BYTEA_PREFIX);
    this.#ascii(row.visitor_hash);
    this.#tab();
    this.#codes(BYTEA_PREFIX);
    this.#ascii(row.ua_hash);
    this.#tab();
    this.#nullableAscii(row.country_code);
    this.#nullableText(row.region_code);
    this.#nullableText(row.device_type);
    this.#nullableText(row.os_family);
    this.#nullableText(row.browser_family);
    this.#nullableText(row.referrer_host);
    this.#nullableText(row.utm_source);
    this.#nullableText(row.utm_medium);
    this.#nullableText(row.utm_campaign);
    this.#nullableText(row.utm_term);
    this.#nullableText(row.utm_content);
    this.#tab();
    this.#nullableAscii(row.variant_id);
    this.#tab();
    if (row.fallback_stage === null) this.#codes(NULL_FIELD);
    else this.#ascii(String(row.fallback_stage));
    this.#tab();
    this.#byte(row.is_bot ? 0x74 : 0x66);
    this.#tab();
    this.#nullableAscii(row.language);
    this.#byte(NEWLINE);
  }

  #room(n: number): void {
    if (this.#used + n <= this.#bytes.length) return;
    const bigger = Buffer.allocUnsafe((this.#used + n) * 2);
    this.#bytes.copy(bigger, 0, 0, this.#used);
    this.#bytes = bigger;
  }

  #byte(code: number): void {
    this.#room(1);
    this.#bytes[this.#used++] = code;
  }

  #tab(): void {
    this.#byte(TAB);
  }

  #codes(codes: readonly number[]): void {
    for (const code of codes) this.#byte(code);
  }

  /** Text that is ASCII with nothing COPY escapes (validated ids, hex, enums, times). */
  #ascii(text: string): void {
    this.#room(text.length);
    const bytes = this.#bytes;
    let at = this.#used;
    for (let i = 0; i < text.length; i += 1) bytes[at++] = text.charCodeAt(i);
    this.#used = at;
  }

  #nullableAscii(text: string | null): void {
    if (text === null) this.#codes(NULL_FIELD);
    else this.#ascii(text);
  }

  /** A tab, then free text or null. */
  #nullableText(text: string | null): void {
    this.#tab();
    if (text === null) this.#codes(NULL_FIELD);
    else this.#text(text);
  }

  /** Free text: copied as is when it is plain ASCII, else escaped for COPY and written as UTF-8. */
  #text(text: string): void {
    this.#room(text.length * 6 + 8);
    const bytes = this.#bytes;
    const start = this.#used;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (
        code >= 0x80 ||
        code === BACKSLASH ||
        code === TAB ||
        code === NEWLINE ||
        code === CARRIAGE_RETURN
      ) {
        this.#used = start + bytes.write(copyField(text), start, 'utf8');
        return;
      }
      bytes[start + i] = code;
    }
    this.#used = start + text.length;
  }

  #iso(at: Date): string {
    const ms = at.getTime();
    if (ms !== this.#timeMs) {
      this.#timeMs = ms;
      this.#timeText = at.toISOString();
    }
    return this.#timeText;
  }

  /** One UUIDv7 in its text form: `msHex` (12 hex digits) split 8-4, then version, variant and random hex. */
  #id(msHex: string): void {
    if (this.#poolAt + 10 > POOL_BYTES) {
      randomFillSync(this.#pool);
      this.#poolAt = 0;
    }
    this.#room(36);
    const pool = this.#pool;
    const r = this.#poolAt;
    this.#poolAt += 10;
    const bytes = this.#bytes;
    let at = this.#used;
    for (let i = 0; i < 12; i += 1) {
      if (i === 8) bytes[at++] = 0x2d;
      bytes[at++] = msHex.charCodeAt(i);
    }
    bytes[at++] = 0x2d;
    at = writeHex(bytes, at, 0x70 | ((pool[r] ?? 0) & 0x0f));
    at = writeHex(bytes, at, pool[r + 1] ?? 0);
    bytes[at++] = 0x2d;
    at = writeHex(bytes, at, 0x80 | ((pool[r + 2] ?? 0) & 0x3f));
    at = writeHex(bytes, at, pool[r + 3] ?? 0);
    bytes[at++] = 0x2d;
    for (let i = 4; i < 10; i += 1) at = writeHex(bytes, at, pool[r + i] ?? 0);
    this.#used = at;
  }
}
