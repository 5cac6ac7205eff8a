import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema } from '@linkhub/shared/schemas/common';
import { domainSchema } from '@linkhub/shared/schemas/domains';
import { leadExportSchema, leadSchema } from '@linkhub/shared/schemas/leads';
import { linkSchema } from '@linkhub/shared/schemas/links';
import { qrBatchExportViewSchema } from '@linkhub/shared/schemas/qr-exports';
import { qrCodeSchema } from '@linkhub/shared/schemas/qr-codes';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@linkhub/shared/webhooks/events';
import {
  conversionRecordedSchema,
  trafficBatchSchema,
  WEBHOOK_BATCH_MAX,
  WEBHOOK_BATCH_WINDOW_MS,
} from '@linkhub/shared/webhooks/traffic-events';
import { EVENT_ID_HEADER, SIGNATURE_HEADER } from '@linkhub/shared/server/webhooks/signature';
import { pageWithBlocksSchema } from '../pages';

type Json = Record<string, unknown>;

/** `export.finished`: the export as its kind's status route returns it, with its kind. */
const exportFinishedSchema = z.discriminatedUnion('kind', [
  leadExportSchema.extend({ kind: z.literal('leads_csv') }),
  qrBatchExportViewSchema.extend({ kind: z.literal('qr_batch') }),
  z.looseObject({ kind: z.literal('analytics_csv'), id: uuidSchema, status: z.literal('succeeded') }),
]);
const testSchema = z.object({ endpoint_id: uuidSchema, message: z.string() });

/** What every traffic event's summary says (D-632). */
const TRAFFIC_SAYS = `Batched per endpoint: one delivery holds up to ${WEBHOOK_BATCH_MAX} events of one type in \`data.events\`, oldest first, and waits at most ${WEBHOOK_BATCH_WINDOW_MS / 1000} s. Each event carries the resource, country, region, device type, OS and browser family, referrer host, UTM, A/B variant and the day's visitor hash — never an IP address or a User-Agent. Visits from bots are not sent. An endpoint's \`resource_ids\` limits them to those links, QR codes and bio pages; an event's \`id\` is stable, so skip one you have handled.`;

/** Each event's `data`: the resource as `/v1` returns it. */
const EVENT_DATA: Record<WebhookEvent, { schema: z.ZodType; says: string }> = {
  'link.created': { schema: linkSchema, says: 'A short link was created' },
  'link.updated': { schema: linkSchema, says: 'A short link changed (destination, slug, state…)' },
  'link.archived': { schema: linkSchema, says: 'A short link was archived' },
  'qr_code.created': { schema: qrCodeSchema, says: 'A dynamic QR code was created' },
  'qr_code.updated': { schema: qrCodeSchema, says: 'A QR code was re-pointed or restyled' },
  'qr_code.archived': {
    schema: qrCodeSchema,
    says: 'A QR code was archived (it keeps resolving)',
  },
  'bio_page.created': { schema: pageWithBlocksSchema, says: 'A bio page was created' },
  'bio_page.updated': {
    schema: pageWithBlocksSchema,
    says: 'A bio page’s settings changed, or it was unpublished or restored',
  },
  'bio_page.published': {
    schema: pageWithBlocksSchema,
    says: 'A bio page’s draft was published',
  },
  'bio_page.archived': { schema: pageWithBlocksSchema, says: 'A bio page was archived' },
  'lead.created': {
    schema: leadSchema,
    says: 'A visitor signed up on a bio page (with double opt-in, `status` is `pending`). Subscribing needs the dashboard.',
  },
  'lead.confirmed': {
    schema: leadSchema,
    says: 'A sign-up is confirmed (at once without double opt-in). Subscribing needs the dashboard.',
  },
  'domain.verified': { schema: domainSchema, says: 'A custom domain was verified' },
  'export.finished': { schema: exportFinishedSchema, says: 'An export’s file is ready' },
  'link.clicked': { schema: trafficBatchSchema, says: `Short links were clicked (a batch). ${TRAFFIC_SAYS}` },
  'qr.scanned': { schema: trafficBatchSchema, says: `QR codes were scanned (a batch). ${TRAFFIC_SAYS}` },
  'page.viewed': { schema: trafficBatchSchema, says: `Bio pages were viewed (a batch). ${TRAFFIC_SAYS}` },
  'conversion.recorded': {
    schema: conversionRecordedSchema,
    says: 'A conversion was counted by `POST /v1/conversions` (a repeat of the same visitor-day is not sent again)',
  },
  'webhook.test': { schema: testSchema, says: 'Sent by “send test event”' },
};

export const VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

// rawBody: the request body exactly as received (bytes, before any JSON parsing).
export function verifyLinkHub(rawBody, signatureHeader, secret, toleranceSeconds = 300) {
  const parts = signatureHeader.split(',');
  const t = Number(parts.find((p) => p.startsWith('t='))?.slice(2));
  if (!Number.isInteger(t) || Math.abs(Date.now() / 1000 - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${rawBody}\`).digest();
  return parts
    .filter((p) => p.startsWith('v1='))
    .some((p) => {
      const given = Buffer.from(p.slice(3), 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}`;

export const WEBHOOKS_DESCRIPTION = `Every delivery is a POST of JSON \`{id, type, created_at, workspace_id, data}\` to the endpoint's HTTPS URL, with headers \`${EVENT_ID_HEADER}\` (the event id: deliveries can repeat, so skip an id you have handled) and \`${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex>\`: HMAC-SHA256 with the endpoint's signing secret over \`<t>.<raw body>\`. While a rotated secret's overlap lasts there is one \`v1=\` per live secret; accept the request if any matches, and refuse timestamps older than five minutes. Answer 2xx within 10 s; anything else (including a redirect) is retried with exponential backoff and jitter for about a day, then the delivery is dead-lettered; after 5 dead deliveries in a row the endpoint is turned off and the workspace owner mailed. Deliveries never go to private, loopback, link-local or metadata addresses.

Verifying a delivery (Node.js):

\`\`\`js
${VERIFY_SNIPPET}
\`\`\``;

/**
 * The OpenAPI 3.1 `webhooks` section: one entry per event, its payload schema generated from the
 * same zod schemas as the `/v1` answers, the signature and event-id headers, and how to verify.
 */
export function webhooksSection(schemaOf: (schema: z.ZodType) => Json): {
  webhooks: Record<string, Json>;
  schemas: Record<string, Json>;
} {
  const schemas: Record<string, Json> = {};
  const webhooks: Record<string, Json> = {};
  for (const event of WEBHOOK_EVENTS) {
    const data = EVENT_DATA[event];
    const name = `WebhookEvent${event
      .split(/[._]/)
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join('')}`;
    schemas[name] = schemaOf(
      z.object({
        id: uuidSchema,
        type: z.literal(event),
        created_at: isoDateTimeSchema,
        workspace_id: uuidSchema,
        data: data.schema,
      }),
    );
    webhooks[event] = {
      post: {
        operationId: `webhook_${event.replace('.', '_')}`,
        summary: data.says,
        description: WEBHOOKS_DESCRIPTION,
        tags: ['webhooks'],
        parameters: [
          {
            name: SIGNATURE_HEADER,
            in: 'header',
            required: true,
            schema: { type: 'string', pattern: '^t=\\d+(,v1=[0-9a-f]{64})+$' },
            description: 'HMAC-SHA256 over `<t>.<raw body>`, one `v1` per live secret',
          },
          {
            name: EVENT_ID_HEADER,
            in: 'header',
            required: true,
            schema: { type: 'string', format: 'uuid' },
            description: 'The event id (same as `id` in the body): your idempotency key',
          },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
        },
        responses: {
          '2XX': { description: 'Received; any other answer is retried' },
        },
      },
    };
  }
  return { webhooks, schemas };
}
