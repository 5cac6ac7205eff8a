import { z } from 'zod';
import {
  httpsUrlSchema,
  isoDateTimeSchema,
  paginationQuerySchema,
  readableText,
  uuidSchema,
} from '../schemas/common';
import { SUBSCRIBABLE_EVENTS, WEBHOOK_EVENTS } from './events';
import { resourceFilterArg } from './traffic-events';

/**
 * Outbound webhook endpoints and ESP adapters, as the commands take them and `/v1/webhooks`
 * returns them. An endpoint is a signed webhook (any HTTPS URL, chosen events) or an ESP adapter
 * (Mailchimp, ConvertKit) that syncs one bio page's confirmed sign-ups through the same delivery path.
 */
export const ENDPOINT_KINDS = ['webhook', 'mailchimp', 'convertkit'] as const;
export type EndpointKind = (typeof ENDPOINT_KINDS)[number];
export const ESP_KINDS = ['mailchimp', 'convertkit'] as const;

export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * Why an attempt got no HTTP answer worth recording (a delivery's `last_error`; a non-2xx answer
 * records its status code instead). `endpoint_disabled`: the endpoint was turned off or removed
 * before the attempt.
 */
export const DELIVERY_FAILURE_REASONS = [
  'refused_address',
  'unresolvable',
  'bad_url',
  'redirect',
  'http_status',
  'timeout',
  'network',
  'endpoint_disabled',
] as const;
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];

const eventsArg = z
  .array(z.enum(SUBSCRIBABLE_EVENTS))
  .min(1)
  .max(SUBSCRIBABLE_EVENTS.length)
  .transform((events) => [...new Set(events)]);
const descriptionArg = readableText(200);

/** Mailchimp API keys end in their data centre (`…-us21`): the API host is `{dc}.api.mailchimp.com`. */
export const mailchimpApiKeySchema = z
  .string()
  .trim()
  .regex(/^[0-9a-f]{32}-[a-z]{2,4}[0-9]{1,3}$/, 'A Mailchimp API key looks like 0123…cdef-us21.');
export const mailchimpListIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9a-zA-Z]{1,32}$/, 'The audience id from Mailchimp’s audience settings.');
export const convertKitApiKeySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{10,100}$/, 'The API key from ConvertKit’s advanced settings.');
export const convertKitFormIdSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{1,12}$/, 'The number in the form’s address on ConvertKit.');

const webhookFields = {
  kind: z.literal('webhook'),
  url: httpsUrlSchema,
  description: descriptionArg.optional(),
  events: eventsArg,
  /** Traffic events (D-632) about these resources only. */
  resource_ids: resourceFilterArg.nullable().optional(),
};
const mailchimpFields = {
  kind: z.literal('mailchimp'),
  page_id: uuidSchema,
  api_key: mailchimpApiKeySchema,
  list_id: mailchimpListIdSchema,
  description: descriptionArg.optional(),
};
const convertKitFields = {
  kind: z.literal('convertkit'),
  page_id: uuidSchema,
  api_key: convertKitApiKeySchema,
  form_id: convertKitFormIdSchema,
  description: descriptionArg.optional(),
};

/** `POST /v1/webhooks` (the id and workspace come from the route). */
export const createWebhookEndpointInputSchema = z.discriminatedUnion('kind', [
  z.strictObject(webhookFields),
  z.strictObject(mailchimpFields),
  z.strictObject(convertKitFields),
]);
export type CreateWebhookEndpointInput = z.infer<typeof createWebhookEndpointInputSchema>;

const ids = { id: uuidSchema, workspace_id: uuidSchema };
export const createWebhookEndpointArgs = z.discriminatedUnion('kind', [
  z.strictObject({ ...ids, ...webhookFields }),
  z.strictObject({ ...ids, ...mailchimpFields }),
  z.strictObject({ ...ids, ...convertKitFields }),
]);
export type CreateWebhookEndpointArgs = z.infer<typeof createWebhookEndpointArgs>;

/** `PATCH /v1/webhooks/{id}`: `enabled: true` turns a disabled endpoint on again (its failure run starts over). */
export const updateWebhookEndpointInputSchema = z.strictObject({
  url: httpsUrlSchema.optional(),
  description: descriptionArg.nullable().optional(),
  events: eventsArg.optional(),
  enabled: z.boolean().optional(),
  resource_ids: resourceFilterArg.nullable().optional(),
});
export const updateWebhookEndpointArgs = updateWebhookEndpointInputSchema.extend(ids).strict();
export type UpdateWebhookEndpointArgs = z.infer<typeof updateWebhookEndpointArgs>;

export const deleteWebhookEndpointArgs = z.strictObject(ids);

/** Hours the previous secret keeps signing after a rotation (0: it stops at once). */
export const MAX_OVERLAP_HOURS = 72;
export const rotateWebhookSecretInputSchema = z.strictObject({
  overlap_hours: z.int().min(0).max(MAX_OVERLAP_HOURS).default(24),
});
export const rotateWebhookSecretArgs = rotateWebhookSecretInputSchema.extend(ids).strict();

export const replayWebhookDeliveryArgs = z.strictObject({ ...ids, delivery_id: uuidSchema });
export const sendTestWebhookArgs = z.strictObject({ ...ids, event_id: uuidSchema });

export const webhookWorkspaceQuerySchema = z.object({ workspace_id: uuidSchema.optional() });
export const webhookDeliveriesQuerySchema = paginationQuerySchema.extend({
  workspace_id: uuidSchema.optional(),
  status: z.enum(DELIVERY_STATUSES).optional(),
});

/** An endpoint as returned: never its secret (only its last four characters). */
export const webhookEndpointSchema = z.object({
  id: uuidSchema,
  workspace_id: uuidSchema,
  kind: z.enum(ENDPOINT_KINDS),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  /** ESP adapters: the bio page whose sign-ups they sync. */
  page_id: uuidSchema.nullable(),
  /** Traffic events (D-632) about these links, QR codes or bio pages only; null: every resource. */
  resource_ids: z.array(uuidSchema).nullable(),
  /** ESP adapters: the Mailchimp audience or ConvertKit form. */
  config: z.object({ list_id: z.string().optional(), form_id: z.string().optional() }),
  status: z.enum(['active', 'disabled']),
  disabled_reason: z.string().nullable(),
  consecutive_failures: z.int(),
  secret_last4: z.string().nullable(),
  secret_rotated_at: isoDateTimeSchema.nullable(),
  /** While set, deliveries are signed with the previous secret too (a `v1=` each). */
  previous_secret_expires_at: isoDateTimeSchema.nullable(),
  created_at: isoDateTimeSchema,
  updated_at: isoDateTimeSchema,
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The answer to a create: the endpoint and, for a webhook, its signing secret — shown this once. */
export const webhookEndpointCreatedSchema = webhookEndpointSchema.extend({ secret: z.string().nullable() });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

export const webhookSecretRotatedSchema = z.object({
  id: uuidSchema,
  secret: z.string(),
  secret_last4: z.string(),
  previous_secret_expires_at: isoDateTimeSchema.nullable(),
});
export type WebhookSecretRotated = z.infer<typeof webhookSecretRotatedSchema>;

/** One event to one endpoint, in the endpoint's delivery log. */
export const webhookDeliverySchema = z.object({
  id: uuidSchema,
  endpoint_id: uuidSchema,
  event_id: uuidSchema,
  event_type: z.enum(WEBHOOK_EVENTS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.int(),
  last_status_code: z.int().nullable(),
  last_error: z.string().nullable(),
  /** How long the last attempt took, in milliseconds. */
  latency_ms: z.int().nullable(),
  last_attempt_at: isoDateTimeSchema.nullable(),
  delivered_at: isoDateTimeSchema.nullable(),
  replays: z.int(),
  created_at: isoDateTimeSchema,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** What a replay or a test send answers: the delivery now queued. */
export const webhookDeliveryQueuedSchema = z.object({
  delivery_id: uuidSchema,
  event_id: uuidSchema,
  status: z.literal('pending'),
});
