import { z } from 'zod';

/** Every event an endpoint may subscribe to (issue 19), as data. */
export const WEBHOOK_EVENTS = [
  'link.created',
  'link.updated',
  'link.archived',
  'qr_code.created',
  'qr_code.updated',
  'qr_code.archived',
  'bio_page.created',
  'bio_page.updated',
  'bio_page.archived',
  'lead.created',
  'lead.confirmed',
  'domain.verified',
  'export.finished',
  'webhook.test',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The body of every delivery: a unique event id (the receiver's idempotency key), its type and time, and its data. */
export const webhookPayloadSchema = z.strictObject({
  id: z.uuid(),
  type: z.enum(WEBHOOK_EVENTS),
  created_at: z.iso.datetime({ offset: true }),
  workspace_id: z.uuid(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayloadSchema>;
