import { z } from 'zod';
import { eventShape } from './event-fields';

export { eventResourceTypes, eventTypes, HASH_HEX } from './event-fields';

/**
 * The analytics event on the `clicks:raw` stream, its fields as the one table of them says
 * (event-fields.ts, D-550). Written by the edge, read by the worker's ingest with `parseStreamEntry`.
 * It never carries a raw IP or User-Agent: only the daily-salted `visitor_hash` and `ua_hash`
 * (16 bytes, hex) and parsed families.
 *
 * On the stream the edge writes batch entries, one XADD per capture batch (`run-batch.ts`): the
 * values that repeat across a batch's events are written once per entry and a short line per event
 * refers to them. That is the only entry format written or read.
 */
export const analyticsEventSchema = z.object(eventShape());
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;
