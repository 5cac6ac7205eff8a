import { randomFillSync } from 'node:crypto';
import { EVENT_COLUMNS } from '@linkhub/shared/analytics/event-fields';
import type { ClickRow, RowSubject } from './click-row';
import { hexValue } from './hex';

/** `PGCOPY\n\377\r\n\0`, then flags and header-extension length, both 0. */
const HEADER = Buffer.from([
  0x50, 0x47, 0x43, 0x4f, 0x50, 0x59, 0x0a, 0xff, 0x0d, 0x0a, 0x00, 0, 0, 0, 0, 0, 0, 0, 0,
]);
/** The columns of a row: its id, then each event field's (copy-events.ts). */
const COPY_FIELDS = 1 + EVENT_COLUMNS.length;
/** Room for one typical row (≈ 300 bytes) before the buffer has to grow. */
const BYTES_PER_ROW = 400;
const POOL_BYTES = 16 * 1024;
/** 2000-01-01T00:00:00Z, PostgreSQL's timestamp epoch, in Unix ms. */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 2 ** 32;
const UUID_BYTES = 16;
const UUID_DASHES = new Set([8, 13, 18, 23]);
/** UA hashes a write looks up before it may give up on remembering them (CopyBinaryWriter#uaHash). */
const UA_MISSES_TRIED = 32;

/** The 16 bytes of a textual UUID (`8-4-4-4-12` hex digits, either case), or null when it is not one. */
export function uuidBytes(text: string): Uint8Array | null {
  if (text.length !== 36) return null;
  const out = new Uint8Array(UUID_BYTES);
  let n = 0;
  let i = 0;
  while (i < 36) {
    if (UUID_DASHES.has(i)) {
      if (text.charCodeAt(i) !== 0x2d) return null;
      i += 1;
      continue;
    }
    const hi = hexValue(text.charCodeAt(i));
    const lo = hexValue(text.charCodeAt(i + 1));
    if (hi < 0 || lo < 0) return null;
    out[n++] = (hi << 4) | lo;
    i += 2;
  }
  return out;
}

/**
 * click_events rows as the bytes of a `COPY … FROM STDIN (FORMAT binary)` (D-376), written straight
 * into one buffer: PostgreSQL reads ids, times, hashes and flags as their stored bytes instead of
 * parsing text (1.6–1.8 µs of its CPU per row, bench/ingest), and nothing is escaped. Text is copied
 * byte by byte while it is ASCII and UTF-8-encoded by Buffer otherwise; PostgreSQL still checks the
 * encoding (a NUL is refused), the CHECKs, and each value's length. A value that is not what its column
 * holds (never, after the parse: entry-rows.ts) is written so that PostgreSQL refuses the row as data
 * (class 22/23), and the consumer's per-row retry dead-letters it: a UUID gets 17 bytes, a hash none.
 *
 * Row ids are UUIDv7 (48-bit Unix ms, version 7, variant 10, 74 random bits) with the random bits
 * from a 16 KiB pool refilled in one `randomFillSync` (one `getRandomValues` per id was a tenth of
 * the ingest's CPU, D-136). Ids of one millisecond are not ordered among themselves; nothing needs that.
 */
export class CopyBinaryWriter {
  #bytes = Buffer.alloc(0);
  #used = 0;
  readonly #pool = new Uint8Array(POOL_BYTES);
  #poolAt = POOL_BYTES;
  readonly #msBytes = new Uint8Array(6);
  /** The UUIDs of one write, by text: a batch's rows share a few workspaces and resources. */
  readonly #uuids = new Map<string, Uint8Array | null>();
  /** Where this write holds each UA hash's 16 bytes: a batch's rows share a few UAs, and decoding 32 hex digits cost 64 ns against 30 for the copy (D-442). */
  readonly #uaHashAt = new Map<string, number>();
  /** UA hashes of this write found in #uaHashAt, and not: a write whose UA hashes rarely repeat stops using it. */
  #uaHits = 0;
  #uaMisses = 0;
  /** The previous row's subject and where this write holds its bytes. */
  #lastSubject: RowSubject | null = null;
  #lastSubjectStart = 0;
  #lastSubjectEnd = 0;

  /** The COPY bytes of `rows`, their ids made at `now`: a buffer of the caller's own (a write may still be streaming one while the next is made). */
  write(rows: readonly ClickRow[], now: number): Buffer {
    this.#bytes = Buffer.allocUnsafe(rows.length * BYTES_PER_ROW + HEADER.length + 2);
    this.#used = HEADER.copy(this.#bytes, 0);
    const hi = Math.floor(now / TWO_32);
    const lo = now - hi * TWO_32;
    this.#msBytes[0] = (hi >>> 8) & 0xff;
    this.#msBytes[1] = hi & 0xff;
    this.#msBytes[2] = (lo >>> 24) & 0xff;
    this.#msBytes[3] = (lo >>> 16) & 0xff;
    this.#msBytes[4] = (lo >>> 8) & 0xff;
    this.#msBytes[5] = lo & 0xff;
    this.#uuids.clear();
    this.#uaHashAt.clear();
    this.#uaHits = 0;
    this.#uaMisses = 0;
    this.#lastSubject = null;
    for (const row of rows) this.#row(row);
    this.#room(2);
    this.#used = this.#bytes.writeInt16BE(-1, this.#used);
    return this.#bytes.subarray(0, this.#used);
  }

  #row(row: ClickRow): void {
    this.#room(2);
    this.#bytes[this.#used] = COPY_FIELDS >>> 8;
    this.#bytes[this.#used + 1] = COPY_FIELDS & 0xff;
    this.#used += 2;
    this.#id();
    this.#time(row.occurred_at);
    const { subject, geo, ua, utm, outcome } = row;
    this.#subject(subject);
    this.#hash(row.visitor_hash);
    this.#uaHash(row.ua_hash);
    this.#text(geo.country_code);
    this.#text(geo.region_code);
    this.#text(ua.device_type);
    this.#text(ua.os_family);
    this.#text(ua.browser_family);
    this.#text(row.referrer_host);
    this.#text(utm.utm_source);
    this.#text(utm.utm_medium);
    this.#text(utm.utm_campaign);
    this.#text(utm.utm_term);
    this.#text(utm.utm_content);
    this.#uuid(outcome.variant_id);
    this.#smallint(outcome.fallback_stage);
    this.#room(5);
    this.#int32(1);
    this.#bytes[this.#used++] = ua.is_bot ? 1 : 0;
    this.#text(row.language);
  }

  /**
   * event_type, workspace_id, resource_type, resource_id, parent_resource_id. A batch entry's rows
   * share one subject object per resource: a row whose subject is the previous row's copies those
   * bytes within the buffer (a write only appends, so they stay where they were written).
   */
  #subject(subject: RowSubject): void {
    if (subject === this.#lastSubject) {
      const length = this.#lastSubjectEnd - this.#lastSubjectStart;
      this.#room(length);
      this.#bytes.copyWithin(this.#used, this.#lastSubjectStart, this.#lastSubjectEnd);
      this.#used += length;
      return;
    }
    const start = this.#used;
    this.#text(subject.event_type);
    this.#uuid(subject.workspace_id);
    this.#text(subject.resource_type);
    this.#uuid(subject.resource_id);
    this.#uuid(subject.parent_resource_id);
    this.#lastSubject = subject;
    this.#lastSubjectStart = start;
    this.#lastSubjectEnd = this.#used;
  }

  #room(n: number): void {
    if (this.#used + n <= this.#bytes.length) return;
    const bigger = Buffer.allocUnsafe((this.#used + n) * 2);
    this.#bytes.copy(bigger, 0, 0, this.#used);
    this.#bytes = bigger;
  }

  /** A big-endian 32-bit word (a length, -1 for NULL, half a time), byte by byte: Buffer#writeInt32BE checks its arguments on every call. */
  #int32(n: number): void {
    const bytes = this.#bytes;
    const at = this.#used;
    bytes[at] = (n >>> 24) & 0xff;
    bytes[at + 1] = (n >>> 16) & 0xff;
    bytes[at + 2] = (n >>> 8) & 0xff;
    bytes[at + 3] = n & 0xff;
    this.#used = at + 4;
  }

  #null(): void {
    this.#room(4);
    this.#int32(-1);
  }

  /** Text or null: ASCII byte by byte, anything else as UTF-8 by Buffer. */
  #text(text: string | null): void {
    if (text === null) {
      this.#null();
      return;
    }
    this.#room(4 + text.length * 3);
    const bytes = this.#bytes;
    const start = this.#used + 4;
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (code >= 0x80) {
        const written = bytes.write(text, start, 'utf8');
        this.#int32(written);
        this.#used = start + written;
        return;
      }
      bytes[start + i] = code;
    }
    this.#int32(text.length);
    this.#used = start + text.length;
  }

  #uuid(text: string | null): void {
    if (text === null) {
      this.#null();
      return;
    }
    let value = this.#uuids.get(text);
    if (value === undefined) {
      value = uuidBytes(text);
      this.#uuids.set(text, value);
    }
    this.#room(4 + UUID_BYTES + 1);
    if (value === null) {
      this.#int32(UUID_BYTES + 1);
      this.#bytes.fill(0, this.#used, this.#used + UUID_BYTES + 1);
      this.#used += UUID_BYTES + 1;
      return;
    }
    this.#int32(UUID_BYTES);
    this.#bytes.set(value, this.#used);
    this.#used += UUID_BYTES;
  }

  /**
   * A UA hash as #hash writes it, copied from where this write first wrote it when it has. A miss
   * costs a Map entry (rows each with their own UA hash: 0.55–0.68 → 0.70–0.79 µs per row), so once
   * more than UA_MISSES_TRIED have missed, and more than have hit, the write decodes every one.
   */
  #uaHash(hex: string): void {
    if (this.#uaMisses > UA_MISSES_TRIED && this.#uaMisses > this.#uaHits) {
      this.#hash(hex);
      return;
    }
    const from = this.#uaHashAt.get(hex);
    if (from === undefined) {
      this.#uaMisses += 1;
      if (this.#hash(hex)) this.#uaHashAt.set(hex, this.#used - UUID_BYTES);
      return;
    }
    this.#uaHits += 1;
    this.#room(4 + UUID_BYTES);
    this.#int32(UUID_BYTES);
    const bytes = this.#bytes;
    const at = this.#used;
    for (let i = 0; i < UUID_BYTES; i += 1) bytes[at + i] = bytes[from + i] ?? 0;
    this.#used = at + UUID_BYTES;
  }

  /** A 16-byte hash from its 32 hex digits (true); anything else as an empty bytea, which the length CHECK refuses (false). */
  #hash(hex: string): boolean {
    this.#room(4 + UUID_BYTES);
    const bytes = this.#bytes;
    const at = this.#used + 4;
    if (hex.length === 2 * UUID_BYTES) {
      let ok = true;
      for (let i = 0; i < UUID_BYTES; i += 1) {
        const hi = hexValue(hex.charCodeAt(2 * i));
        const lo = hexValue(hex.charCodeAt(2 * i + 1));
        if (hi < 0 || lo < 0) {
          ok = false;
          break;
        }
        bytes[at + i] = (hi << 4) | lo;
      }
      if (ok) {
        this.#int32(UUID_BYTES);
        this.#used = at + UUID_BYTES;
        return true;
      }
    }
    this.#int32(0);
    return false;
  }

  /** timestamptz: µs since 2000-01-01 UTC as a signed 64-bit integer (exact: ms × 1,000 stays below 2^53). */
  #time(at: Date): void {
    this.#room(12);
    const us = (at.getTime() - PG_EPOCH_MS) * 1000;
    const hi = Math.floor(us / TWO_32);
    this.#int32(8);
    this.#int32(hi);
    this.#int32(us - hi * TWO_32);
  }

  #smallint(value: number | null): void {
    if (value === null) {
      this.#null();
      return;
    }
    this.#room(6);
    this.#int32(2);
    this.#used = this.#bytes.writeInt16BE(value, this.#used);
  }

  /** One UUIDv7: the write's ms, then version, random, variant, random. */
  #id(): void {
    if (this.#poolAt + 10 > POOL_BYTES) {
      randomFillSync(this.#pool);
      this.#poolAt = 0;
    }
    this.#room(4 + UUID_BYTES);
    this.#int32(UUID_BYTES);
    const bytes = this.#bytes;
    const pool = this.#pool;
    const r = this.#poolAt;
    this.#poolAt += 10;
    const at = this.#used;
    bytes.set(this.#msBytes, at);
    bytes[at + 6] = 0x70 | ((pool[r] ?? 0) & 0x0f);
    bytes[at + 7] = pool[r + 1] ?? 0;
    bytes[at + 8] = 0x80 | ((pool[r + 2] ?? 0) & 0x3f);
    for (let i = 3; i < 10; i += 1) bytes[at + 6 + i] = pool[r + i] ?? 0;
    this.#used = at + UUID_BYTES;
  }
}
