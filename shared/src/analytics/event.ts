import { CLICKS_STREAM_MAXLEN } from '../cache/keys';
import { deviceTypes } from '../cache/payload';
import { fallbackStages } from '../resolve/qr-fallback';
import { decodeRunBatch, isRunBatch, RUN_BATCH_VERSION, toRunBatchFields } from './run-batch';

/** Most events the edge puts in one batch entry. */
export const CAPTURE_BATCH_MAX_EVENTS = 250;

/**
 * The `XADD MAXLEN ~` of a batch entry holding `events`: the stream is trimmed by entries, so a
 * stream of entries like this one keeps about CLICKS_STREAM_MAXLEN events.
 */
export function clicksStreamMaxEntries(events: number): number {
  return Math.ceil(CLICKS_STREAM_MAXLEN / Math.max(1, events));
}

export { analyticsEventSchema, eventResourceTypes, eventTypes, type AnalyticsEvent } from './event-schema';
import { eventResourceTypes, eventTypes, HASH_HEX, LANGUAGE_SUBTAG } from './event-fields';
import { analyticsEventSchema, type AnalyticsEvent } from './event-schema';

/** `[field, value, …]` of one batch entry holding `events` (at least one), as the edge writes it (version 3). */
export function toBatchStreamFields(events: readonly AnalyticsEvent[]): string[] {
  return toRunBatchFields(events);
}

export type StreamParseResult = { ok: true; event: AnalyticsEvent } | { ok: false; issues: string[] };

type Guard<T> = (value: unknown) => value is T;
const text =
  (min: number, max: number): Guard<string> =>
  (v): v is string =>
    typeof v === 'string' && v.length >= min && v.length <= max;
const nullableText =
  (max: number): Guard<string | null> =>
  (v): v is string | null =>
    v === null || (typeof v === 'string' && v.length >= 1 && v.length <= max);
function member<T extends string>(values: readonly T[]): Guard<T> {
  const known = new Set<unknown>(values);
  return (v): v is T => known.has(v);
}
const nullableMember = <T extends string>(values: readonly T[]): Guard<T | null> => {
  const isMember = member(values);
  return (v): v is T | null => v === null || isMember(v);
};
const hex: Guard<string> = (v): v is string => typeof v === 'string' && HASH_HEX.test(v);
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
  language: (v): v is string | null | undefined =>
    v === undefined || v === null || (typeof v === 'string' && LANGUAGE_SUBTAG.test(v)),
} satisfies { [K in keyof AnalyticsEvent]: Guard<AnalyticsEvent[K]> };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The event when every field passes its fast check (unknown keys dropped, as zod does), else null. */
export function fastCheckedEvent(candidate: unknown): AnalyticsEvent | null {
  if (!isRecord(candidate)) return null;
  const {
    event_type,
    workspace_id,
    resource_type,
    resource_id,
    block_id,
    occurred_at,
    visitor_hash,
    country_code,
    region_code,
    device_type,
    os_family,
    browser_family,
    ua_hash,
    referrer_host,
    utm_source,
    utm_medium,
    utm_campaign,
    utm_term,
    utm_content,
    variant_id,
    fallback_stage,
    is_bot,
    language,
  } = candidate;
  const f = FAST;
  if (!(
    f.event_type(event_type) &&
    f.workspace_id(workspace_id) &&
    f.resource_type(resource_type) &&
    f.resource_id(resource_id) &&
    f.block_id(block_id) &&
    f.occurred_at(occurred_at) &&
    f.visitor_hash(visitor_hash) &&
    f.country_code(country_code) &&
    f.region_code(region_code) &&
    f.device_type(device_type) &&
    f.os_family(os_family) &&
    f.browser_family(browser_family) &&
    f.ua_hash(ua_hash) &&
    f.referrer_host(referrer_host) &&
    f.utm_source(utm_source) &&
    f.utm_medium(utm_medium) &&
    f.utm_campaign(utm_campaign) &&
    f.utm_term(utm_term) &&
    f.utm_content(utm_content) &&
    f.variant_id(variant_id) &&
    f.fallback_stage(fallback_stage) &&
    f.is_bot(is_bot) &&
    f.language(language)
  )) {
    return null;
  }
  return {
    event_type,
    workspace_id,
    resource_type,
    resource_id,
    block_id,
    occurred_at,
    visitor_hash,
    country_code,
    region_code,
    device_type,
    os_family,
    browser_family,
    ua_hash,
    referrer_host,
    utm_source,
    utm_medium,
    utm_campaign,
    utm_term,
    utm_content,
    variant_id,
    fallback_stage,
    is_bot,
    ...(language === undefined ? {} : { language }),
  };
}

/** An event's values under their keys → the event, by the fast checks or else by zod (which says why not). */
export function validateEvent(candidate: unknown): StreamParseResult {
  const fast = fastCheckedEvent(candidate);
  if (fast !== null) return { ok: true, event: fast };
  const parsed = analyticsEventSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, event: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
}

/** One event of a stream entry: its row key, the fields of an entry holding it alone, and the parse. */
export type StreamEntryEvent = {
  /** `{id}:{index}` for the events of a batch entry; the entry id for an entry refused whole. */
  key: string;
  /** This event alone as the fields of an entry (what a dead-letter record keeps). */
  fields: readonly string[];
  parsed: StreamParseResult;
};

/**
 * The worker's reader of one stream entry: one result per event it holds, in order. Anything but a
 * batch entry is refused whole, as one result keyed by its entry id.
 */
export function parseStreamEntry(id: string, fields: readonly string[]): StreamEntryEvent[] {
  if (!isRunBatch(fields))
    return [{ key: id, fields, parsed: { ok: false, issues: [unsupportedEntry(fields)] } }];
  return decodeRunBatch(fields).map((line, index) => ({
    key: `${id}:${index}`,
    fields: line.fields,
    parsed: 'issue' in line ? { ok: false, issues: [line.issue] } : validateEvent(line.values),
  }));
}

function unsupportedEntry(fields: readonly string[]): string {
  const version = fields[0] === 'v' ? fields[1] : undefined;
  if (version === undefined) return 'unversioned entry';
  return version === String(RUN_BATCH_VERSION)
    ? 'malformed batch entry'
    : `unsupported entry version ${version.slice(0, 16)}`;
}

/** Every readable event of XRANGE-style entries, in stream order (tests, benchmarks, tools). */
export function streamEvents(entries: ReadonlyArray<readonly [string, readonly string[]]>): AnalyticsEvent[] {
  return entries.flatMap(([id, fields]) =>
    parseStreamEntry(id, fields).flatMap(({ parsed }) => (parsed.ok ? [parsed.event] : [])),
  );
}
