import { z } from 'zod';
import { deviceTypeSchema } from '../cache/payload';
import { fallbackStages } from '../resolve/qr-fallback';

export const eventTypes = ['click', 'scan', 'page_view'] as const;
export const eventResourceTypes = ['link', 'qr_code', 'bio_page'] as const;

/** A 16-byte digest as the stream carries it (visitor and User-Agent hashes): 32 lowercase hex digits. */
export const HASH_HEX = /^[0-9a-f]{32}$/;
const hex16 = z.string().regex(HASH_HEX);
const short = (max: number) => z.string().min(1).max(max).nullable();

/**
 * The analytics event on the `clicks:raw` stream (docs/product-rules.md#analytics). Written by the edge,
 * read by the worker's ingest with `parseStreamEntry`. It never carries a raw IP or User-Agent:
 * only the daily-salted `visitor_hash` and `ua_hash` (16 bytes, hex) and parsed families.
 *
 * On the stream the edge writes batch entries, one XADD per capture batch (`run-batch.ts`): the
 * values that repeat across a batch's events are written once per entry and a short line per event
 * refers to them. That is the only entry format written or read.
 */
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
  /** The primary subtag of the visitor's preferred language (`de`), else null; absent in entries written before it existed. */
  language: z
    .string()
    .regex(/^[a-z]{2,3}$/)
    .nullable()
    .optional(),
});
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
