import { fieldsOfSlot, STREAM_SLOTS, type FieldsOf, type StreamSlot } from './event-fields';
import type { AnalyticsEvent } from './event-schema';

/**
 * Batch entry version 3, what the edge writes: `v 3 t <base ms> r <runs> e <line>\n<line>…`.
 *
 * Most of an event repeats across the visits of one batch: the resource (two UUIDs, its type), the
 * country and region, the UA families and ua_hash, the referrer, the UTMs. Redis spends about 3 ns
 * of CPU per byte of a stream entry (measured: ~300 µs per 100 KB XADD, linear in size), and the
 * edge's kernel and client copy every byte too, so a line of every value (~300 bytes) cost more to ship
 * than to build. Here each such run of values is written once per entry, in `r` (a JSON array of
 * arrays), and a line refers to it by index: a line is about 60 bytes.
 *
 * A line is a JSON array of the slots of STREAM_SLOTS (event-fields.ts), ten of them (nine in entries
 * written before the language existed: its language is null): `time` holds occurred_at as ms after
 * `t` (an integer), or the text itself when it is not a whole-ms instant; `visitor` holds the
 * visitor_hash itself (new every visit); every other slot holds the index of a run in `r`, whose
 * values are the fields EVENT_FIELDS puts in that slot, in the table's order (the subject run is
 * `[event_type, workspace_id, resource_type, resource_id, block_id]`).
 * Any run may serve any slot whose length it has: equal runs are one run.
 */
export const RUN_BATCH_VERSION = 3;
const VERSION_TEXT = String(RUN_BATCH_VERSION);

/** A slot of a line that refers to a run. */
export type RunSlot = Exclude<StreamSlot, 'time' | 'visitor'>;
const isRunSlot = (slot: StreamSlot): slot is RunSlot => slot !== 'time' && slot !== 'visitor';

const LINE_SLOTS = STREAM_SLOTS.length;
const LANGUAGE_SLOT = STREAM_SLOTS.indexOf('language');
/** Lines written before the language slot (the last) existed. */
const LINE_SLOTS_BEFORE_LANGUAGE = LANGUAGE_SLOT;
const TIME_SLOT = STREAM_SLOTS.indexOf('time');
const VISITOR_SLOT = STREAM_SLOTS.indexOf('visitor');
/** The run slots every line has: where each is in a line, and the fields its run holds, in order. */
const RUN_SLOTS = STREAM_SLOTS.flatMap((slot, at) =>
  isRunSlot(slot) && slot !== 'language' ? [{ at, fields: fieldsOfSlot(slot) }] : [],
);

/** The values a run of `slot` is made of. */
export type RunOf<S extends RunSlot> = Readonly<Pick<AnalyticsEvent, FieldsOf<S>>>;

function runBuilder<S extends RunSlot>(slot: S): (values: RunOf<S>) => unknown[] {
  const fields = fieldsOfSlot(slot);
  return (values) => fields.map((field) => values[field] ?? null);
}

/** Each run's values in the order a line's reader takes them (the edge's writer builds its runs with these too). */
export const runValues = {
  subject: runBuilder('subject'),
  geo: runBuilder('geo'),
  ua: runBuilder('ua'),
  outcome: runBuilder('outcome'),
  utm: runBuilder('utm'),
  /** A run of one value: `ua_hash`, `referrer`, `language`. */
  single: (value: string | null): unknown[] => [value],
} as const;

/** The fields of each run slot, in the order of a line's slots. */
const EVENT_RUN_FIELDS = STREAM_SLOTS.filter(isRunSlot).map((slot) => fieldsOfSlot(slot));

/** The runs of one event, in the order of its line's run slots. */
export function eventRuns(e: AnalyticsEvent): unknown[][] {
  return EVENT_RUN_FIELDS.map((fields) => fields.map((field) => e[field] ?? null));
}

/** The ms of `text` when it is exactly `toISOString()` of that ms (what the edge writes), else null: only such times become offsets. */
export function wholeMsInstant(text: string): number | null {
  const at = Date.parse(text);
  return Number.isFinite(at) && new Date(at).toISOString() === text ? at : null;
}

/** occurred_at as ms after `base` when it is a whole-ms instant, else the text itself. */
function timeSlot(occurredAt: string, base: number): number | string {
  const at = wholeMsInstant(occurredAt);
  return at === null ? occurredAt : at - base;
}

/** `[field, value, …]` of one version-3 batch entry holding `events` (at least one): the reference encoder. */
export function toRunBatchFields(events: readonly AnalyticsEvent[]): string[] {
  const base = (events[0] && wholeMsInstant(events[0].occurred_at)) ?? 0;
  const runs: string[] = [];
  const indexOf = new Map<string, number>();
  const ref = (run: unknown[]): number => {
    const text = JSON.stringify(run);
    let index = indexOf.get(text);
    if (index === undefined) {
      index = runs.length;
      runs.push(text);
      indexOf.set(text, index);
    }
    return index;
  };
  const lines = events.map((e) => {
    const runIndexes = eventRuns(e).map(ref);
    const slots: unknown[] = [];
    for (const slot of STREAM_SLOTS) {
      if (slot === 'time') slots.push(timeSlot(e.occurred_at, base));
      else if (slot === 'visitor') slots.push(e.visitor_hash);
      else slots.push(runIndexes.shift());
    }
    return JSON.stringify(slots);
  });
  return ['v', VERSION_TEXT, 't', String(base), 'r', `[${runs.join(',')}]`, 'e', lines.join('\n')];
}

export function isRunBatch(fields: readonly string[]): boolean {
  return (
    fields.length === 8 &&
    fields[0] === 'v' &&
    fields[1] === VERSION_TEXT &&
    fields[2] === 't' &&
    fields[4] === 'r' &&
    fields[6] === 'e'
  );
}

/** One line of a version-3 entry: the fields of an entry holding it alone, and its event's values under their keys (or why not). */
export type RunBatchLine =
  { fields: string[]; values: Record<keyof AnalyticsEvent, unknown> } | { fields: string[]; issue: string };

/** Whole ms → ISO text, remembered for the last ms asked (the lines of a batch share few). */
function isoCache(): (ms: number) => string | null {
  let lastMs = Number.NaN;
  let lastText = '';
  return (ms) => {
    if (ms !== lastMs) {
      if (!Number.isSafeInteger(ms) || Math.abs(ms) > 8.64e15) return null;
      lastText = new Date(ms).toISOString();
      lastMs = ms;
    }
    return lastText;
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The run a slot refers to, when it is the index of one. */
function runAt(runs: readonly unknown[], index: unknown): unknown[] | undefined {
  const run: unknown = typeof index === 'number' && Number.isInteger(index) ? runs[index] : undefined;
  return Array.isArray(run) ? run : undefined;
}

/** A version-3 entry (`isRunBatch`) → one result per line, in order. */
export function decodeRunBatch(fields: readonly string[]): RunBatchLine[] {
  const [, version = '', , baseText = '', , runsText = '', , body = ''] = fields;
  const alone = (line: string): string[] => ['v', version, 't', baseText, 'r', runsText, 'e', line];
  if (body === '') return [{ fields: alone(''), issue: 'e: empty batch' }];
  const lines = body.split('\n');
  const refuseAll = (issue: string): RunBatchLine[] => lines.map((line) => ({ fields: alone(line), issue }));
  const base = Number(baseText);
  if (!Number.isSafeInteger(base)) return refuseAll('t: not an integer');
  const runs = parseJson(runsText);
  if (!Array.isArray(runs) || !runs.every(Array.isArray)) return refuseAll('r: not an array of runs');
  const iso = isoCache();
  return lines.map((line): RunBatchLine => {
    const slots = parseJson(line);
    if (slots === undefined) return { fields: alone(line), issue: 'e: not JSON' };
    if (!Array.isArray(slots) || (slots.length !== LINE_SLOTS && slots.length !== LINE_SLOTS_BEFORE_LANGUAGE))
      return { fields: alone(line), issue: `e: not an array of ${LINE_SLOTS} slots` };
    const picked: unknown[][] = [];
    for (const { at, fields: named } of RUN_SLOTS) {
      const run = runAt(runs, slots[at]);
      if (run === undefined || run.length !== named.length)
        return { fields: alone(line), issue: `e: slot ${at} is not a run of ${named.length} values` };
      picked.push(run);
    }
    // Written out, in the order of RUN_SLOTS and of each run's fields in EVENT_FIELDS: an object of
    // literal keys is several times faster to build and read than one filled by name (D-550;
    // event-fields.test.ts reads back an event whose every field differs).
    const [
      [event_type, workspace_id, resource_type, resource_id, block_id] = [],
      [country_code, region_code] = [],
      [device_type, os_family, browser_family, is_bot] = [],
      [ua_hash] = [],
      [referrer_host] = [],
      [utm_source, utm_medium, utm_campaign, utm_term, utm_content] = [],
      [variant_id, fallback_stage] = [],
    ] = picked;
    let language: unknown = null;
    if (slots.length === LINE_SLOTS) {
      const run = runAt(runs, slots[LANGUAGE_SLOT]);
      if (run === undefined || run.length !== 1)
        return { fields: alone(line), issue: `e: slot ${LANGUAGE_SLOT} is not a run of 1 value` };
      language = run[0];
    }
    const time: unknown = slots[TIME_SLOT];
    const occurred_at = typeof time === 'number' ? iso(base + time) : time;
    const visitor_hash: unknown = slots[VISITOR_SLOT];
    return {
      fields: alone(line),
      values: {
        occurred_at,
        event_type,
        workspace_id,
        resource_type,
        resource_id,
        block_id,
        visitor_hash,
        ua_hash,
        country_code,
        region_code,
        device_type,
        os_family,
        browser_family,
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
      },
    };
  });
}
