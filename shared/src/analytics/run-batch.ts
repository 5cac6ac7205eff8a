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
 * A line is a JSON array of ten slots (nine in entries written before the language existed: its language is null):
 *   0 subject run  [event_type, workspace_id, resource_type, resource_id, block_id]
 *   1 time         ms after `t` (an integer), or the occurred_at text itself when it is not a whole-ms instant
 *   2 visitor_hash (the value itself: new every visit)
 *   3 geo run      [country_code, region_code]
 *   4 ua run       [device_type, os_family, browser_family, is_bot]
 *   5 ua_hash run  [ua_hash]
 *   6 referrer run [referrer_host]
 *   7 utm run      [utm_source, utm_medium, utm_campaign, utm_term, utm_content]
 *   8 outcome run  [variant_id, fallback_stage]
 *   9 language run [language]
 * Any run may serve any slot whose length it has: equal runs are one run.
 */
export const RUN_BATCH_VERSION = 3;
const VERSION_TEXT = String(RUN_BATCH_VERSION);

const LINE_SLOTS = 10;
/** Lines written before slot 9 (the language) existed. */
const LINE_SLOTS_BEFORE_LANGUAGE = 9;
/** Run slots of a line and the length of the run each takes. */
const RUN_SLOTS = [
  [0, 5],
  [3, 2],
  [4, 4],
  [5, 1],
  [6, 1],
  [7, 5],
  [8, 2],
] as const;
const LANGUAGE_SLOT = 9;

type Subject = Pick<
  AnalyticsEvent,
  'event_type' | 'workspace_id' | 'resource_type' | 'resource_id' | 'block_id'
>;
type Utm = Pick<AnalyticsEvent, 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content'>;

/** Each run's values in the order a line's reader takes them (the edge's writer builds its runs with these too). */
export const runValues = {
  subject: (s: Subject): unknown[] => [
    s.event_type,
    s.workspace_id,
    s.resource_type,
    s.resource_id,
    s.block_id,
  ],
  geo: (country: string | null, region: string | null): unknown[] => [country, region],
  ua: (
    deviceType: string,
    osFamily: string | null,
    browserFamily: string | null,
    isBot: boolean,
  ): unknown[] => [deviceType, osFamily, browserFamily, isBot],
  single: (value: string | null): unknown[] => [value],
  utm: (u: Utm): unknown[] => [u.utm_source, u.utm_medium, u.utm_campaign, u.utm_term, u.utm_content],
  outcome: (variantId: string | null, fallbackStage: string | null): unknown[] => [variantId, fallbackStage],
} as const;

/** The runs of one event, in the order of RUN_SLOTS. */
export function eventRuns(e: AnalyticsEvent): unknown[][] {
  return [
    runValues.subject(e),
    runValues.geo(e.country_code, e.region_code),
    runValues.ua(e.device_type, e.os_family, e.browser_family, e.is_bot),
    runValues.single(e.ua_hash),
    runValues.single(e.referrer_host),
    runValues.utm(e),
    runValues.outcome(e.variant_id, e.fallback_stage),
    runValues.single(e.language ?? null),
  ];
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
    const [
      subject = [],
      geo = [],
      ua = [],
      uaHash = [],
      referrer = [],
      utm = [],
      outcome = [],
      language = [],
    ] = eventRuns(e);
    return JSON.stringify([
      ref(subject),
      timeSlot(e.occurred_at, base),
      e.visitor_hash,
      ref(geo),
      ref(ua),
      ref(uaHash),
      ref(referrer),
      ref(utm),
      ref(outcome),
      ref(language),
    ]);
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
    for (const [slot, length] of RUN_SLOTS) {
      const index: unknown = slots[slot];
      const run: unknown = typeof index === 'number' && Number.isInteger(index) ? runs[index] : undefined;
      if (!Array.isArray(run) || run.length !== length)
        return { fields: alone(line), issue: `e: slot ${slot} is not a run of ${length} values` };
      picked.push(run);
    }
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
      const index: unknown = slots[LANGUAGE_SLOT];
      const run: unknown = typeof index === 'number' && Number.isInteger(index) ? runs[index] : undefined;
      if (!Array.isArray(run) || run.length !== 1)
        return { fields: alone(line), issue: `e: slot ${LANGUAGE_SLOT} is not a run of 1 value` };
      language = run[0];
    }
    const time: unknown = slots[1];
    const occurred_at = typeof time === 'number' ? iso(base + time) : time;
    const visitor_hash: unknown = slots[2];
    return {
      fields: alone(line),
      values: {
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
      },
    };
  });
}
