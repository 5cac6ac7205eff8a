import { eventResourceTypes, eventTypes, parseStreamEntry } from '@linkhub/shared/analytics/event';
import { runPositions, slotIndexes, STREAM_SLOTS } from '@linkhub/shared/analytics/event-fields';
import { isRunBatch } from '@linkhub/shared/analytics/run-batch';
import { deviceTypes } from '@linkhub/shared/cache/payload';
import { FALLBACK_STAGE_NUMBER } from '@linkhub/shared/analytics/rollup-dimensions';
import { fallbackStages } from '@linkhub/shared/resolve/qr-fallback';
import {
  toClickRow,
  type ClickRow,
  type RowGeo,
  type RowOutcome,
  type RowSubject,
  type RowUa,
  type RowUtm,
} from './click-row';
import { isHashHex } from './hex';

/** An entry or event the ingest will not write, for the dead-letter list: its id, why, and its fields (null when it has none). */
export type Refusal = { id: string; reason: string; fields: readonly string[] | null };

/** What one stream entry becomes: the rows to store, the events refused, and how many events it held. */
export type EntryRows = { rows: ClickRow[]; refused: Refusal[]; events: number };

/**
 * A stream entry → click rows, the way `parseStreamEntry` + `toClickRow` decide, for less CPU.
 *
 * The values that repeat across a batch entry's events (the runs of run-batch.ts: subject, geo, UA
 * families, ua_hash, referrer, UTMs, outcome, language) are checked and turned into row fields once
 * per entry instead of once per event; a line then costs its JSON parse, a hex check of the visitor
 * hash and a time. Every check here is the reference's or stricter; a line that fails any of them
 * (and any entry that is not a well-formed batch) is decided by the reference itself, which says why
 * (entry-rows.test.ts holds the two to the same answers).
 */
export function entryRows(id: string, fields: readonly string[]): EntryRows {
  const fast = isRunBatch(fields) ? decodeFast(id, fields) : null;
  return fast ?? referenceRows(id, fields);
}

/** The reference: the event parse and row conversion the ingest has always used. */
export function referenceRows(id: string, fields: readonly string[]): EntryRows {
  const rows: ClickRow[] = [];
  const refused: Refusal[] = [];
  const events = parseStreamEntry(id, fields);
  for (const { key, fields: own, parsed } of events) {
    if (!parsed.ok) {
      refused.push({ id: key, reason: parsed.issues.join('; '), fields: own });
      continue;
    }
    const row = toClickRow(key, parsed.event);
    if (row.ok) rows.push(row.row);
    else refused.push({ id: key, reason: row.reason, fields: own });
  }
  return { rows, refused, events: events.length };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COUNTRY = /^[A-Z]{2}$/;
const LANGUAGE = /^[a-z]{2,3}$/;
const EVENT_TYPES = new Set<unknown>(eventTypes);
const RESOURCE_TYPES = new Set<unknown>(eventResourceTypes);
const DEVICE_TYPES = new Set<unknown>(deviceTypes);
const FALLBACK_STAGES = new Set<unknown>(fallbackStages);
/** Whole ms the ISO text of which is the 24-character `toISOString()` form (years 0–9999). */
const LAST_ISO_MS = 253_402_300_799_999;

const isText = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length >= 1 && v.length <= max;
const isNullableText = (v: unknown, max: number): v is string | null => v === null || isText(v, max);
const isFallbackStage = (v: unknown): v is keyof typeof FALLBACK_STAGE_NUMBER => FALLBACK_STAGES.has(v);
const isEventType = (v: unknown): v is RowSubject['event_type'] => EVENT_TYPES.has(v);
const isResourceType = (v: unknown): v is 'link' | 'qr_code' | 'bio_page' => RESOURCE_TYPES.has(v);

/** Where each field sits in its run (event-fields.ts, D-550). */
const SUBJECT = runPositions('subject');
const GEO = runPositions('geo');
const UA = runPositions('ua');
const UTM = runPositions('utm');
const OUTCOME = runPositions('outcome');
const runLength = (positions: Readonly<Record<string, number>>): number => Object.keys(positions).length;
const SUBJECT_LENGTH = runLength(SUBJECT);
const GEO_LENGTH = runLength(GEO);
const UA_LENGTH = runLength(UA);
const UTM_LENGTH = runLength(UTM);
const OUTCOME_LENGTH = runLength(OUTCOME);
/** Where each slot sits in a line; a line written before the language existed has one slot less. */
const SLOT = slotIndexes();
const LINE_SLOTS = STREAM_SLOTS.length;

function subjectOf(run: unknown[]): RowSubject | null {
  if (run.length !== SUBJECT_LENGTH) return null;
  const eventType = run[SUBJECT.event_type];
  const workspaceId = run[SUBJECT.workspace_id];
  const resourceType = run[SUBJECT.resource_type];
  const resourceId = run[SUBJECT.resource_id];
  const blockId = run[SUBJECT.block_id];
  if (!isEventType(eventType) || !isResourceType(resourceType)) return null;
  if (typeof workspaceId !== 'string' || !UUID.test(workspaceId)) return null;
  if (typeof resourceId !== 'string' || !UUID.test(resourceId)) return null;
  if (!isNullableText(blockId, 64)) return null;
  const block = resourceType === 'bio_page' && blockId !== null && UUID.test(blockId) ? blockId : null;
  return {
    event_type: eventType,
    workspace_id: workspaceId.toLowerCase(),
    resource_type: block === null ? resourceType : 'bio_block',
    resource_id: (block ?? resourceId).toLowerCase(),
    parent_resource_id: block === null ? null : resourceId.toLowerCase(),
    block_id: block === null ? null : block.toLowerCase(),
  };
}

function geoOf(run: unknown[]): RowGeo | null {
  if (run.length !== GEO_LENGTH) return null;
  const country = run[GEO.country_code];
  const region = run[GEO.region_code];
  if (!(country === null || (typeof country === 'string' && country.length === 2))) return null;
  if (!isNullableText(region, 8)) return null;
  const upper = country === null ? null : country.toUpperCase();
  if (upper !== null && !COUNTRY.test(upper)) return null;
  return { country_code: upper, region_code: region };
}

function uaOf(run: unknown[]): RowUa | null {
  if (run.length !== UA_LENGTH) return null;
  const device = run[UA.device_type];
  const os = run[UA.os_family];
  const browser = run[UA.browser_family];
  const isBot = run[UA.is_bot];
  if (typeof device !== 'string' || !DEVICE_TYPES.has(device)) return null;
  if (!isNullableText(os, 64) || !isNullableText(browser, 64) || typeof isBot !== 'boolean') return null;
  return { device_type: device, os_family: os, browser_family: browser, is_bot: isBot };
}

function hexOf(run: unknown[]): string | null {
  const [value] = run;
  return run.length === 1 && typeof value === 'string' && isHashHex(value) ? value : null;
}

/** A one-value run of nullable text; undefined when it is not one. */
function textOf(run: unknown[], max: number): string | null | undefined {
  const [value] = run;
  return run.length === 1 && isNullableText(value, max) ? value : undefined;
}

function utmOf(run: unknown[]): RowUtm | null {
  if (run.length !== UTM_LENGTH) return null;
  const source = run[UTM.utm_source];
  const medium = run[UTM.utm_medium];
  const campaign = run[UTM.utm_campaign];
  const term = run[UTM.utm_term];
  const content = run[UTM.utm_content];
  if (
    !isNullableText(source, 255) ||
    !isNullableText(medium, 255) ||
    !isNullableText(campaign, 255) ||
    !isNullableText(term, 255) ||
    !isNullableText(content, 255)
  )
    return null;
  return {
    utm_source: source,
    utm_medium: medium,
    utm_campaign: campaign,
    utm_term: term,
    utm_content: content,
  };
}

function outcomeOf(run: unknown[]): RowOutcome | null {
  if (run.length !== OUTCOME_LENGTH) return null;
  const variant = run[OUTCOME.variant_id];
  const stage = run[OUTCOME.fallback_stage];
  if (!(variant === null || (isText(variant, 64) && UUID.test(variant)))) return null;
  if (!(stage === null || isFallbackStage(stage))) return null;
  return {
    variant_id: variant === null ? null : variant.toLowerCase(),
    fallback_stage: stage === null ? null : FALLBACK_STAGE_NUMBER[stage],
  };
}

function languageOf(run: unknown[]): string | null | undefined {
  const [value] = run;
  if (run.length !== 1) return undefined;
  return value === null || (typeof value === 'string' && LANGUAGE.test(value)) ? value : undefined;
}

/** Each run turned into its row fields at most once per entry, by run index (null: not usable as that slot). */
function runReader<T>(runs: readonly unknown[], convert: (run: unknown[]) => T | null) {
  // by index in an array, not a Map: a lookup per slot per event (D-434)
  const done: Array<T | null | undefined> = new Array<T | null | undefined>(runs.length).fill(undefined);
  return (index: unknown): T | null => {
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= runs.length)
      return null;
    let value = done[index];
    if (value === undefined) {
      const run: unknown = runs[index];
      value = Array.isArray(run) ? convert(run) : null;
      done[index] = value;
    }
    return value;
  };
}

/** Wraps a converter whose "no" is undefined (its value may be null) for runReader. */
const boxed =
  (convert: (run: unknown[]) => string | null | undefined) =>
  (run: unknown[]): { value: string | null } | null => {
    const value = convert(run);
    return value === undefined ? null : { value };
  };

function parseLine(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/** The fast decode of a well-formed batch entry; null when its header is not (the reference then decides, and refuses). */
function decodeFast(id: string, fields: readonly string[]): EntryRows | null {
  const [, version = '', , baseText = '', , runsText = '', , body = ''] = fields;
  const base = Number(baseText);
  if (body === '' || !Number.isSafeInteger(base)) return null;
  let runs: unknown;
  try {
    runs = JSON.parse(runsText);
  } catch {
    return null;
  }
  if (!Array.isArray(runs) || !runs.every(Array.isArray)) return null;
  const subject = runReader(runs, subjectOf);
  const geo = runReader(runs, geoOf);
  const ua = runReader(runs, uaOf);
  const hash = runReader(runs, (run) => {
    const value = hexOf(run);
    return value === null ? null : { value };
  });
  const referrer = runReader(
    runs,
    boxed((run) => textOf(run, 253)),
  );
  const utm = runReader(runs, utmOf);
  const outcome = runReader(runs, outcomeOf);
  const language = runReader(runs, boxed(languageOf));
  let lastMs = Number.NaN;
  let lastAt = new Date(0);
  function rowOf(slots: unknown[], key: string): ClickRow | null {
    if (slots.length !== LINE_SLOTS && slots.length !== SLOT.language) return null;
    const time = slots[SLOT.time];
    const visitorHash = slots[SLOT.visitor];
    const who = subject(slots[SLOT.subject]);
    const where = geo(slots[SLOT.geo]);
    const family = ua(slots[SLOT.ua]);
    const uaHash = hash(slots[SLOT.ua_hash]);
    const from = referrer(slots[SLOT.referrer]);
    const tags = utm(slots[SLOT.utm]);
    const result = outcome(slots[SLOT.outcome]);
    const lang = slots.length === LINE_SLOTS ? language(slots[SLOT.language]) : { value: null };
    if (!who || !where || !family || !uaHash || !from || !tags || !result || !lang) return null;
    if (typeof visitorHash !== 'string' || !isHashHex(visitorHash)) return null;
    if (typeof time !== 'number' || !Number.isSafeInteger(time)) return null;
    const ms = base + time;
    if (ms !== lastMs) {
      if (!Number.isSafeInteger(ms) || ms < 0 || ms > LAST_ISO_MS) return null;
      lastMs = ms;
      lastAt = new Date(ms);
    }
    // the run objects themselves: every row of the entry that names a run shares its object
    return {
      stream_message_id: key,
      occurred_at: lastAt,
      visitor_hash: visitorHash,
      ua_hash: uaHash.value,
      referrer_host: from.value,
      language: lang.value,
      subject: who,
      geo: where,
      ua: family,
      utm: tags,
      outcome: result,
    };
  }

  const rows: ClickRow[] = [];
  const refused: Refusal[] = [];
  const lines = body.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const slots = parseLine(line);
    const key = `${id}:${index}`;
    const row = Array.isArray(slots) ? rowOf(slots, key) : null;
    if (row !== null) {
      rows.push(row);
      continue;
    }
    // the reference decides this line, and says why it is refused
    const alone = referenceRows(key, ['v', version, 't', baseText, 'r', runsText, 'e', line]);
    for (const r of alone.rows) rows.push({ ...r, stream_message_id: key });
    for (const r of alone.refused) refused.push({ ...r, id: key });
  }
  return { rows, refused, events: lines.length };
}
