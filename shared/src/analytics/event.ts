import { z } from 'zod';
import { deviceTypes, deviceTypeSchema } from '../cache/payload';
import { fallbackStages } from '../resolve/qr-fallback';
import { CLICKS_STREAM_MAXLEN } from '../cache/keys';
import { decodeRunBatch, isRunBatch, toRunBatchFields } from './run-batch';

/**
 * The analytics event on the `clicks:raw` stream (DESIGN §7, spec §4.4.4). Written by the edge,
 * read by the worker's ingest with `parseStreamEvent`. It never carries a raw IP or User-Agent:
 * only the daily-salted `visitor_hash` and `ua_hash` (16 bytes, hex) and parsed families.
 *
 * On the stream an entry is `v <schema version> e <event as JSON>`: one field instead of twenty-odd
 * keeps XADD cheap on the redirect hot path. `parseStreamEvent` also reads the flat field/value
 * form (absent = null, booleans `1`/`0`), so hand-written entries stay readable.
 *
 * The edge writes batch entries, `v 2 e <line>\n<line>…`: one XADD per capture batch instead of one
 * per visit (the stream's cost in Redis was most of capture's). A line is one event as a JSON array
 * of its values in schema key order (`toEventLine`): the keys were half the bytes the edge encoded
 * and sent. JSON escapes every newline inside a string, so lines split cleanly, and any one line
 * alone is a valid batch entry.
 *
 * Since then the edge writes version 3 (`run-batch.ts`): the values that repeat across a batch's
 * events are written once per entry and the lines refer to them, a fifth of the bytes. Versions 1
 * and 2 are still read: `parseStreamEntry` reads every version, one result per event.
 */
export const EVENT_SCHEMA_VERSION = 1;
/** The version-2 batch entry (lines of values; still read). */
export const EVENT_BATCH_VERSION = 2;
/** Most events the edge puts in one batch entry. */
export const CAPTURE_BATCH_MAX_EVENTS = 250;

/**
 * The `XADD MAXLEN ~` of a batch entry holding `events`: the stream is trimmed by entries, so a
 * stream of entries like this one keeps about CLICKS_STREAM_MAXLEN events.
 */
export function clicksStreamMaxEntries(events: number): number {
  return Math.ceil(CLICKS_STREAM_MAXLEN / Math.max(1, events));
}
export const eventTypes = ['click', 'scan', 'page_view'] as const;
export const eventResourceTypes = ['link', 'qr_code', 'bio_page'] as const;

const hex16 = z.string().regex(/^[0-9a-f]{32}$/);
const short = (max: number) => z.string().min(1).max(max).nullable();

export const analyticsEventSchema = z.object({
  event_type: z.enum(eventTypes),
  workspace_id: z.string().min(1),
  resource_type: z.enum(eventResourceTypes),
  resource_id: z.string().min(1),
  /** The bio block clicked (a bio link's `/{handle}/l/{blockId}` hop), else null. */
  block_id: short(64),
  occurred_at: z.iso.datetime(),
  visitor_hash: hex16,
  country_code: z.string().length(2).nullable(),
  region_code: short(8),
  device_type: deviceTypeSchema,
  os_family: short(64),
  browser_family: short(64),
  ua_hash: hex16,
  referrer_host: short(253),
  utm_source: short(255),
  utm_medium: short(255),
  utm_campaign: short(255),
  utm_term: short(255),
  utm_content: short(255),
  variant_id: short(64),
  fallback_stage: z.enum(fallbackStages).nullable(),
  is_bot: z.boolean(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

const eventKeys = Object.keys(analyticsEventSchema.shape) as Array<keyof AnalyticsEvent>;

/** `[field, value, …]` for XADD. */
export function toStreamFields(event: AnalyticsEvent): string[] {
  return ['v', String(EVENT_SCHEMA_VERSION), 'e', JSON.stringify(event)];
}

/** One event as a batch-entry line: `JSON.stringify` of its values in schema key order. */
export function toEventLine(event: AnalyticsEvent): string {
  return JSON.stringify(eventKeys.map((key) => event[key]));
}

/** `[field, value, …]` of one batch entry holding `events` (at least one), as the edge writes it (version 3). */
export function toBatchStreamFields(events: readonly AnalyticsEvent[]): string[] {
  return toRunBatchFields(events);
}

/** `[field, value, …]` of one version-2 batch entry (lines of values) holding `events`. */
export function toLineBatchStreamFields(events: readonly AnalyticsEvent[]): string[] {
  return ['v', String(EVENT_BATCH_VERSION), 'e', events.map(toEventLine).join('\n')];
}

export type StreamParseResult = { ok: true; event: AnalyticsEvent } | { ok: false; issues: string[] };

type Guard<T> = (value: unknown) => value is T;
const text = (min: number, max: number): Guard<string> => (v): v is string => typeof v === 'string' && v.length >= min && v.length <= max;
const nullableText = (max: number): Guard<string | null> => (v): v is string | null => v === null || (typeof v === 'string' && v.length >= 1 && v.length <= max);
function member<T extends string>(values: readonly T[]): Guard<T> {
  const known = new Set<unknown>(values);
  return (v): v is T => known.has(v);
}
const nullableMember = <T extends string>(values: readonly T[]): Guard<T | null> => {
  const isMember = member(values);
  return (v): v is T | null => v === null || isMember(v);
};
const HEX16 = /^[0-9a-f]{32}$/;
const hex: Guard<string> = (v): v is string => typeof v === 'string' && HEX16.test(v);
/** Only the exact form `toISOString()` writes (24 characters, a real instant): a subset of what `z.iso.datetime()` accepts. */
const isoInstant: Guard<string> = (v): v is string => {
  if (typeof v !== 'string' || v.length !== 24 || v.charCodeAt(23) !== 90) return false;
  const at = new Date(v);
  return !Number.isNaN(at.getTime()) && at.toISOString() === v;
};

/**
 * The fast path of the ingest's reader: hand-written checks, each no looser than its zod field
 * (the schema stays the shape; the mapped type makes a field added there a compile error here,
 * and event.test.ts checks that nothing passes here that zod refuses). An event that fails any
 * check goes to zod, which decides and says why.
 */
const FAST = {
  event_type: member(eventTypes),
  workspace_id: text(1, Infinity),
  resource_type: member(eventResourceTypes),
  resource_id: text(1, Infinity),
  block_id: nullableText(64),
  occurred_at: isoInstant,
  visitor_hash: hex,
  country_code: (v): v is string | null => v === null || (typeof v === 'string' && v.length === 2),
  region_code: nullableText(8),
  device_type: member(deviceTypes),
  os_family: nullableText(64),
  browser_family: nullableText(64),
  ua_hash: hex,
  referrer_host: nullableText(253),
  utm_source: nullableText(255),
  utm_medium: nullableText(255),
  utm_campaign: nullableText(255),
  utm_term: nullableText(255),
  utm_content: nullableText(255),
  variant_id: nullableText(64),
  fallback_stage: nullableMember(fallbackStages),
  is_bot: (v): v is boolean => typeof v === 'boolean',
} satisfies { [K in keyof AnalyticsEvent]: Guard<AnalyticsEvent[K]> };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The event when every field passes its fast check (unknown keys dropped, as zod does), else null. */
export function fastCheckedEvent(candidate: unknown): AnalyticsEvent | null {
  if (!isRecord(candidate)) return null;
  const { event_type, workspace_id, resource_type, resource_id, block_id, occurred_at, visitor_hash, country_code, region_code, device_type, os_family, browser_family, ua_hash, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, variant_id, fallback_stage, is_bot } = candidate;
  const f = FAST;
  if (
    !(
      f.event_type(event_type) && f.workspace_id(workspace_id) && f.resource_type(resource_type) && f.resource_id(resource_id) && f.block_id(block_id) &&
      f.occurred_at(occurred_at) && f.visitor_hash(visitor_hash) && f.country_code(country_code) && f.region_code(region_code) && f.device_type(device_type) &&
      f.os_family(os_family) && f.browser_family(browser_family) && f.ua_hash(ua_hash) && f.referrer_host(referrer_host) && f.utm_source(utm_source) &&
      f.utm_medium(utm_medium) && f.utm_campaign(utm_campaign) && f.utm_term(utm_term) && f.utm_content(utm_content) && f.variant_id(variant_id) &&
      f.fallback_stage(fallback_stage) && f.is_bot(is_bot)
    )
  ) {
    return null;
  }
  return { event_type, workspace_id, resource_type, resource_id, block_id, occurred_at, visitor_hash, country_code, region_code, device_type, os_family, browser_family, ua_hash, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, variant_id, fallback_stage, is_bot };
}

function validated(candidate: unknown): StreamParseResult {
  const fast = fastCheckedEvent(candidate);
  if (fast !== null) return { ok: true, event: fast };
  const parsed = analyticsEventSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, event: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
}

const VERSION = String(EVENT_SCHEMA_VERSION);
const BATCH_VERSION = String(EVENT_BATCH_VERSION);

const NOT_JSON: StreamParseResult = { ok: false, issues: ['e: not JSON'] };

/** `e` decoded, then checked by `check` (which answers the parse); text that is not JSON is refused. */
function fromJson(text: string, check: (json: unknown) => StreamParseResult): StreamParseResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
  return check(json);
}

function parseEventJson(text: string): StreamParseResult {
  return fromJson(text, validated);
}

/** A batch-entry line → the event (its values, in schema key order, under their keys). */
function parseEventLine(line: string): StreamParseResult {
  return fromJson(line, (values) =>
    Array.isArray(values) && values.length === eventKeys.length ? validated(eventRecordOf(values)) : { ok: false, issues: [`e: not an array of ${eventKeys.length} values`] },
  );
}

/** A line's values under their keys, in schema key order (event.test.ts checks the order against the schema). */
export function eventRecordOf(values: readonly unknown[]): Record<keyof AnalyticsEvent, unknown> {
  const [event_type, workspace_id, resource_type, resource_id, block_id, occurred_at, visitor_hash, country_code, region_code, device_type, os_family, browser_family, ua_hash, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, variant_id, fallback_stage, is_bot] = values;
  return { event_type, workspace_id, resource_type, resource_id, block_id, occurred_at, visitor_hash, country_code, region_code, device_type, os_family, browser_family, ua_hash, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, variant_id, fallback_stage, is_bot };
}

/** One event of a stream entry: its row key, the fields of an entry holding it alone, and the parse. */
export type StreamEntryEvent = {
  /** The stream message id for a version-1 entry; `{id}:{index}` for the events of a batch entry (version 2 or 3). */
  key: string;
  /** This event alone as the fields of an entry (what a dead-letter record keeps). */
  fields: readonly string[];
  parsed: StreamParseResult;
};

/**
 * The worker's reader of one stream entry: one result per event it holds, in order (one for a
 * version-1 or flat entry, one per line for a batch entry).
 */
export function parseStreamEntry(id: string, fields: readonly string[]): StreamEntryEvent[] {
  if (isRunBatch(fields)) {
    return decodeRunBatch(fields).map((line, index) => ({
      key: `${id}:${index}`,
      fields: line.fields,
      parsed: 'issue' in line ? { ok: false, issues: [line.issue] } : validated(line.values),
    }));
  }
  if (fields.length === 4 && fields[0] === 'v' && fields[1] === BATCH_VERSION && fields[2] === 'e') {
    const body = fields[3] ?? '';
    if (body === '') return [{ key: `${id}:0`, fields, parsed: { ok: false, issues: ['e: empty batch'] } }];
    return body.split('\n').map((line, index) => ({ key: `${id}:${index}`, fields: ['v', BATCH_VERSION, 'e', line], parsed: parseEventLine(line) }));
  }
  return [{ key: id, fields, parsed: parseStreamEvent(fields) }];
}

/** A version-1 (or flat) entry's fields → a validated event (absent fields are null). */
export function parseStreamEvent(fields: readonly string[]): StreamParseResult {
  // the edge's own form, `v 1 e {json}`, read without building a record first
  if (fields.length === 4 && fields[0] === 'v' && fields[1] === VERSION && fields[2] === 'e') return parseEventJson(fields[3] ?? '');
  const record: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const key = fields[i];
    const value = fields[i + 1];
    if (key !== undefined && value !== undefined) record[key] = value;
  }
  if (record.v !== String(EVENT_SCHEMA_VERSION)) return { ok: false, issues: [`unsupported event version ${record.v ?? '(none)'}`] };
  let candidate: unknown;
  if (record.e !== undefined) {
    try {
      candidate = JSON.parse(record.e);
    } catch {
      return { ok: false, issues: ['e: not JSON'] };
    }
  } else {
    const flat: Record<string, unknown> = {};
    for (const key of eventKeys) {
      const raw = record[key];
      flat[key] = key === 'is_bot' ? raw === '1' : (raw ?? null);
    }
    candidate = flat;
  }
  return validated(candidate);
}

/** Every readable event of XRANGE-style entries, in stream order (tests, benchmarks, tools). */
export function streamEvents(entries: ReadonlyArray<readonly [string, readonly string[]]>): AnalyticsEvent[] {
  return entries.flatMap(([id, fields]) => parseStreamEntry(id, fields).flatMap(({ parsed }) => (parsed.ok ? [parsed.event] : [])));
}
