import { z } from 'zod';
import { deviceTypeSchema } from '../cache/payload';
import { fallbackStages } from '../resolve/qr-fallback';
import type { DashboardDimension } from './dashboard';

export const eventTypes = ['click', 'scan', 'page_view'] as const;
export const eventResourceTypes = ['link', 'qr_code', 'bio_page'] as const;

/** A 16-byte digest as the stream carries it (visitor and User-Agent hashes): 32 lowercase hex digits. */
export const HASH_HEX = /^[0-9a-f]{32}$/;
/** The primary subtag of a language (`de`, `fil`). */
export const LANGUAGE_SUBTAG = /^[a-z]{2,3}$/;
const hex16 = z.string().regex(HASH_HEX);
const short = (max: number) => z.string().min(1).max(max).nullable();

/**
 * The slots of a line of a batch entry on the stream (run-batch.ts), in the order a line holds them.
 * `time` and `visitor` hold the value itself; every other slot refers to a run of values that
 * repeat across visits, written once per entry.
 */
export const STREAM_SLOTS = [
  'subject',
  'time',
  'visitor',
  'geo',
  'ua',
  'ua_hash',
  'referrer',
  'utm',
  'outcome',
  'language',
] as const;
export type StreamSlot = (typeof STREAM_SLOTS)[number];

/** Each slot's place in a line. */
export function slotIndexes(): Record<StreamSlot, number> {
  const indexes: Partial<Record<StreamSlot, number>> = {};
  STREAM_SLOTS.forEach((slot, index) => {
    indexes[slot] = index;
  });
  return indexes as Record<StreamSlot, number>;
}

/** A dimension of the hourly cube (cube.ts): every dashboard filter but the event type. */
export type CubeDimension = Exclude<DashboardDimension, 'event_type'>;

type EventField = {
  /** What the stream reader accepts (the schema of the field in `analyticsEventSchema`). */
  readonly schema: z.ZodType;
  /** The `click_events` column the ingest stores it in. */
  readonly column: string;
  /** The slot of a stream line that carries it; the values of a run are in this table's order. */
  readonly stream: StreamSlot;
  /** Whether the raw-event CSV export has it (its header is the column). */
  readonly csv: boolean;
  /** The cube dimension it is, or null. */
  readonly cube: CubeDimension | null;
};

/**
 * Every field of the analytics event on the `clicks:raw` stream, once (D-550): the event's schema,
 * the edge's stream runs and the worker's reader of them, the ingest's COPY column list, the CSV
 * export's raw columns and the cube's dimensions are all read off this table. Its order is the
 * order of the `click_events` columns, which is the order the COPY and the CSV export write them in.
 *
 * A bio block click names its block in `block_id`; it is stored as a `bio_block` row whose
 * `resource_id` is the block and `parent_resource_id` the page (click-row.ts).
 */
export const EVENT_FIELDS = {
  occurred_at: { schema: z.iso.datetime(), column: 'occurred_at', stream: 'time', csv: true, cube: null },
  event_type: { schema: z.enum(eventTypes), column: 'event_type', stream: 'subject', csv: true, cube: null },
  workspace_id: {
    schema: z.string().min(1),
    column: 'workspace_id',
    stream: 'subject',
    csv: false,
    cube: null,
  },
  resource_type: {
    schema: z.enum(eventResourceTypes),
    column: 'resource_type',
    stream: 'subject',
    csv: true,
    cube: null,
  },
  resource_id: { schema: z.string().min(1), column: 'resource_id', stream: 'subject', csv: true, cube: null },
  /** The bio block clicked (a bio link's `/{handle}/l/{blockId}` hop), else null. */
  block_id: { schema: short(64), column: 'parent_resource_id', stream: 'subject', csv: true, cube: null },
  visitor_hash: { schema: hex16, column: 'visitor_hash', stream: 'visitor', csv: false, cube: null },
  ua_hash: { schema: hex16, column: 'ua_hash', stream: 'ua_hash', csv: false, cube: null },
  country_code: {
    schema: z.string().length(2).nullable(),
    column: 'country_code',
    stream: 'geo',
    csv: true,
    cube: 'country',
  },
  region_code: { schema: short(8), column: 'region_code', stream: 'geo', csv: true, cube: 'region' },
  device_type: {
    schema: deviceTypeSchema,
    column: 'device_type',
    stream: 'ua',
    csv: true,
    cube: 'device_type',
  },
  os_family: { schema: short(64), column: 'os_family', stream: 'ua', csv: true, cube: 'os_family' },
  browser_family: {
    schema: short(64),
    column: 'browser_family',
    stream: 'ua',
    csv: true,
    cube: 'browser_family',
  },
  referrer_host: {
    schema: short(253),
    column: 'referrer_host',
    stream: 'referrer',
    csv: true,
    cube: 'referrer_host',
  },
  utm_source: { schema: short(255), column: 'utm_source', stream: 'utm', csv: true, cube: 'utm_source' },
  utm_medium: { schema: short(255), column: 'utm_medium', stream: 'utm', csv: true, cube: 'utm_medium' },
  utm_campaign: {
    schema: short(255),
    column: 'utm_campaign',
    stream: 'utm',
    csv: true,
    cube: 'utm_campaign',
  },
  utm_term: { schema: short(255), column: 'utm_term', stream: 'utm', csv: true, cube: null },
  utm_content: { schema: short(255), column: 'utm_content', stream: 'utm', csv: true, cube: null },
  variant_id: { schema: short(64), column: 'variant_id', stream: 'outcome', csv: true, cube: 'variant' },
  fallback_stage: {
    schema: z.enum(fallbackStages).nullable(),
    column: 'fallback_stage',
    stream: 'outcome',
    csv: true,
    cube: null,
  },
  is_bot: { schema: z.boolean(), column: 'is_bot', stream: 'ua', csv: true, cube: null },
  /** The primary subtag of the visitor's preferred language (`de`), else null; absent in entries written before it existed. */
  language: {
    schema: z.string().regex(LANGUAGE_SUBTAG).nullable().optional(),
    column: 'language',
    stream: 'language',
    csv: false,
    cube: 'language',
  },
} as const satisfies Record<string, EventField>;

export type EventFieldName = keyof typeof EVENT_FIELDS;

/** The field names in the table's order. */
export const EVENT_FIELD_NAMES = Object.keys(EVENT_FIELDS).filter((name): name is EventFieldName =>
  Object.hasOwn(EVENT_FIELDS, name),
);

/** The shape `z.object` takes: each field's schema under its name. */
export type EventShape = { [K in EventFieldName]: (typeof EVENT_FIELDS)[K]['schema'] };

export function eventShape(): EventShape {
  const shape: Partial<Record<EventFieldName, z.ZodType>> = {};
  for (const name of EVENT_FIELD_NAMES) shape[name] = EVENT_FIELDS[name].schema;
  return shape as EventShape;
}

/** The fields a stream slot carries, in the table's order (one for `time`, `visitor` and single-value runs). */
export function fieldsOfSlot<S extends StreamSlot>(slot: S): FieldsOf<S>[] {
  return EVENT_FIELD_NAMES.filter((name): name is FieldsOf<S> => EVENT_FIELDS[name].stream === slot);
}

/** Each field's place in the run of its slot (`subject`: event_type 0 … block_id 4). */
export function runPositions<S extends StreamSlot>(slot: S): Record<FieldsOf<S>, number> {
  const positions: Partial<Record<EventFieldName, number>> = {};
  fieldsOfSlot(slot).forEach((name, index) => {
    positions[name] = index;
  });
  return positions as Record<FieldsOf<S>, number>;
}

/** The names of the fields a slot carries, as a type. */
export type FieldsOf<S extends StreamSlot> = {
  [K in EventFieldName]: (typeof EVENT_FIELDS)[K]['stream'] extends S ? K : never;
}[EventFieldName];

/** The `click_events` columns an event fills, in the table's order (the ingest's COPY adds the row id before them). */
export const EVENT_COLUMNS = EVENT_FIELD_NAMES.map((name) => EVENT_FIELDS[name].column);

/** The raw-event CSV export's columns that are event fields, in the table's order. */
export const CSV_EVENT_COLUMNS = EVENT_FIELD_NAMES.flatMap((name) => {
  const field = EVENT_FIELDS[name];
  return field.csv ? [field.column] : [];
});

/** The cube's dimensions, in the table's order. */
export const CUBE_DIMENSIONS: readonly CubeDimension[] = EVENT_FIELD_NAMES.flatMap((name) => {
  const dimension: CubeDimension | null = EVENT_FIELDS[name].cube;
  return dimension === null ? [] : [dimension];
});
