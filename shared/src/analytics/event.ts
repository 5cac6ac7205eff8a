import { z } from 'zod';
import { deviceTypeSchema } from '../cache/payload';
import { fallbackStages } from '../resolve/qr-fallback';

/**
 * The analytics event on the `clicks:raw` stream (DESIGN §7, spec §4.4.4). Written by the edge,
 * read by the worker's ingest with `parseStreamEvent`. It never carries a raw IP or User-Agent:
 * only the daily-salted `visitor_hash` and `ua_hash` (16 bytes, hex) and parsed families.
 *
 * On the stream an entry is `v <schema version> e <event as JSON>`: one field instead of twenty-odd
 * keeps XADD cheap on the redirect hot path. `parseStreamEvent` also reads the flat field/value
 * form (absent = null, booleans `1`/`0`), so hand-written entries stay readable.
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

/** `[field, value, …]` for XADD. */
export function toStreamFields(event: AnalyticsEvent): string[] {
  return ['v', String(EVENT_SCHEMA_VERSION), 'e', JSON.stringify(event)];
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
  const parsed = analyticsEventSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, event: parsed.data };
  return { ok: false, issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
}
