import { z } from 'zod';
import { deviceTypeSchema } from '../cache/payload';
import { fallbackStages } from '../resolve/qr-fallback';

/**
 * The analytics event on the `clicks:raw` stream (DESIGN §7, spec §4.4.4). Written by the edge,
 * read by the worker's ingest with `parseStreamEvent`. It never carries a raw IP or User-Agent:
 * only the daily-salted `visitor_hash` and `ua_hash` (16 bytes, hex) and parsed families.
 *
 * On the stream an event is flat field/value pairs; absent (null) fields are omitted, booleans are
 * `1`/`0`, and `v` is the schema version.
 */
export const EVENT_SCHEMA_VERSION = 1;
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

/** Flat `[field, value, …]` for XADD. */
export function toStreamFields(event: AnalyticsEvent): string[] {
  const fields: string[] = ['v', String(EVENT_SCHEMA_VERSION)];
  for (const key of eventKeys) {
    const value = event[key];
    if (value === null) continue;
    fields.push(key, typeof value === 'boolean' ? (value ? '1' : '0') : String(value));
  }
  return fields;
}

export type StreamParseResult = { ok: true; event: AnalyticsEvent } | { ok: false; issues: string[] };

/** The worker's reader: flat stream fields → a validated event (absent fields are null). */
export function parseStreamEvent(fields: readonly string[]): StreamParseResult {
  const record: Record<string, string> = {};
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const key = fields[i];
    const value = fields[i + 1];
    if (key !== undefined && value !== undefined) record[key] = value;
  }
  if (record.v !== String(EVENT_SCHEMA_VERSION)) return { ok: false, issues: [`unsupported event version ${record.v ?? '(none)'}`] };
  const candidate: Record<string, unknown> = {};
  for (const key of eventKeys) {
    const raw = record[key];
    candidate[key] = key === 'is_bot' ? raw === '1' : (raw ?? null);
  }
  const parsed = analyticsEventSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, event: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
}
