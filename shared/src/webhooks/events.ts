import { z } from 'zod';

/** Every event an endpoint may subscribe to, as data. */
export const WEBHOOK_EVENTS = [
  'link.created',
  'link.updated',
  'link.archived',
  'qr_code.created',
  'qr_code.updated',
  'qr_code.archived',
  'bio_page.created',
  'bio_page.updated',
  'bio_page.published',
  'bio_page.archived',
  'lead.created',
  'lead.confirmed',
  'domain.verified',
  'export.finished',
  'link.clicked',
  'qr.scanned',
  'page.viewed',
  'conversion.recorded',
  'webhook.test',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What an endpoint may subscribe to: every event but the test event (sent on request only). */
export const SUBSCRIBABLE_EVENTS = WEBHOOK_EVENTS.filter(
  (e): e is Exclude<WebhookEvent, 'webhook.test'> => e !== 'webhook.test',
);
export type SubscribableEvent = Exclude<WebhookEvent, 'webhook.test'>;

/** Events whose data holds a lead's address: personal data, managed from the dashboard only (docs/product-rules.md#personal-data). */
export const LEAD_EVENTS = ['lead.created', 'lead.confirmed'] as const satisfies readonly SubscribableEvent[];

export function isLeadEvent(event: string): boolean {
  return (LEAD_EVENTS as readonly string[]).includes(event);
}

/**
 * Traffic events (D-632): clicks, scans and page views from the analytics ingest, delivered in
 * batches per endpoint (`data.events`), never with an IP address or a User-Agent.
 */
export const TRAFFIC_EVENTS = [
  'link.clicked',
  'qr.scanned',
  'page.viewed',
] as const satisfies readonly SubscribableEvent[];
export type TrafficEvent = (typeof TRAFFIC_EVENTS)[number];

export function isTrafficEvent(event: string): event is TrafficEvent {
  return (TRAFFIC_EVENTS as readonly string[]).includes(event);
}

/** The body of every delivery: a unique event id (the receiver's idempotency key), its type and time, and its data. */
export const webhookPayloadSchema = z.strictObject({
  id: z.uuid(),
  type: z.enum(WEBHOOK_EVENTS),
  created_at: z.iso.datetime({ offset: true }),
  workspace_id: z.uuid(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
