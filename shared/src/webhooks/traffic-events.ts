import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema } from '../schemas/common';
import { TRAFFIC_EVENTS } from './events';

/** Most events in one delivery, and longest an event waits for its batch (D-632). */
export const WEBHOOK_BATCH_MAX = 100;
export const WEBHOOK_BATCH_WINDOW_MS = 10_000;
/** Most resources one endpoint's filter names. */
export const MAX_FILTER_RESOURCES = 100;

/**
 * One click, scan or page view as a webhook carries it: what the analytics keep about the visit,
 * coarsened — never the IP address, never the User-Agent (docs/product-rules.md#privacy). Bots are
 * not delivered. `visitor_hash` is the day's salted visitor hash: it tells the visits of one day
 * apart and cannot be followed across days. `id` is stable for one stored event, so a repeated
 * delivery can be skipped.
 */
export const trafficEventSchema = z.strictObject({
  id: uuidSchema,
  type: z.enum(TRAFFIC_EVENTS),
  occurred_at: isoDateTimeSchema,
  resource: z.strictObject({
    type: z.enum(['link', 'qr_code', 'bio_page', 'bio_block']),
    id: uuidSchema,
    /** A bio block's page. */
    parent_id: uuidSchema.nullable(),
  }),
  country: z.string().nullable(),
  region: z.string().nullable(),
  device_type: z.string(),
  os_family: z.string().nullable(),
  browser_family: z.string().nullable(),
  referrer_host: z.string().nullable(),
  utm: z.strictObject({
    source: z.string().nullable(),
    medium: z.string().nullable(),
    campaign: z.string().nullable(),
    term: z.string().nullable(),
    content: z.string().nullable(),
  }),
  /** The A/B variant the visit was sent to. */
  variant_id: z.string().nullable(),
  visitor_hash: z.string().regex(/^[0-9a-f]{32}$/),
});
export type TrafficEventData = z.infer<typeof trafficEventSchema>;

/** A traffic delivery's `data`: up to WEBHOOK_BATCH_MAX events of its one type, oldest first. */
export const trafficBatchSchema = z.strictObject({
  count: z.int().min(1).max(WEBHOOK_BATCH_MAX),
  events: z.array(trafficEventSchema).min(1).max(WEBHOOK_BATCH_MAX),
});
export type TrafficBatch = z.infer<typeof trafficBatchSchema>;

/** `conversion.recorded`: a conversion of an A/B test counted. */
export const conversionRecordedSchema = z.strictObject({
  experiment_id: uuidSchema,
  variant_id: z.string(),
  /** `api`: `POST /v1/conversions`; `lead`: a sign-up on a bio page that carried the click id. */
  source: z.enum(['api', 'lead']),
  recorded_at: isoDateTimeSchema,
});
export type ConversionRecorded = z.infer<typeof conversionRecordedSchema>;

/** An endpoint's resource filter: only events about these links, QR codes or bio pages (null: all). */
export const resourceFilterArg = z
  .array(uuidSchema)
  .max(MAX_FILTER_RESOURCES)
  .transform((ids) => [...new Set(ids)]);
