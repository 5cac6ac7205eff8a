import type { RowOf } from '@linkhub/shared/server/db/row';
import type { webhookDeliveries, webhookEndpoints } from '@linkhub/shared/server/db/schema/assets';
import {
  ConflictError,
  NotFoundError,
  SemanticError,
  ValidationError,
} from '@linkhub/shared/errors/app-error';
import { one } from '@linkhub/shared/server/db/sql';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  replayWebhookDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from '@linkhub/shared/mutators/webhooks';
import { isLeadEvent } from '@linkhub/shared/webhooks/events';
import { deliveryJob, deliveryJobId, recordWebhookEvent } from '@linkhub/shared/server/webhooks/outbox';
import { endpointConfigOf, lastFour, newSigningSecret } from './endpoint-config';
import { authorizeCommand } from '../../kernel/authorization';
import { assertSafeDestination } from '../../kernel/destination-safety';
import { portOf, WEBHOOK_PORT_SENTENCE } from '@linkhub/shared/webhooks/ports';
import { WEBHOOK_CREDENTIALS_SENTENCE } from '@linkhub/shared/url/credentials';
import { audit } from '../../kernel/support';
import type { CommandContext } from '../../kernel/types';
import { defineCommand } from '../../kernel/types';

/** Endpoints per workspace (every event fans out to each: bounded work per change). */
export const MAX_ENDPOINTS = 20;

type EndpointRow = RowOf<
  typeof webhookEndpoints,
  'id' | 'kind' | 'url' | 'events' | 'status' | 'secretCiphertext'
>;

/** What a create or a rotation reports: the secret, for the one answer that shows it. */
export type SecretReveal = { secret: string | null; previous_secret_expires_at: string | null };
/** What a replay or a test send reports: the delivery now queued. */
export type DeliveryQueued = { delivery_id: string; event_id: string };

async function loadEndpoint(ctx: CommandContext, workspaceId: string, id: string): Promise<EndpointRow> {
  const row = await one<EndpointRow>(
    ctx.tx,
    `SELECT id, kind, url, events, status, secret_ciphertext FROM webhook_endpoints
      WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL FOR UPDATE`,
    [id, workspaceId],
  );
  if (!row) throw new NotFoundError();
  return row;
}

const receivesLeads = (e: Pick<EndpointRow, 'kind' | 'events'>): boolean =>
  e.kind !== 'webhook' || e.events.some(isLeadEvent);

function notForEsp(field: string): ValidationError {
  return new ValidationError([{ field, issue: 'not_for_esp' }], {
    message: 'An ESP adapter’s address and events are fixed: remove it and add it again to change them.',
  });
}

function disabled(message: string): ConflictError {
  return new ConflictError('invalid_state_transition', {
    message,
    details: [{ field: 'id', issue: 'endpoint_disabled' }],
  });
}

/** The address checks of a webhook URL: destination safety, then the port (443 or 80). */
const assertWebhookUrl = async (ctx: CommandContext, url: string): Promise<void> => {
  await assertSafeDestination(url, ctx.resolveHost, 'url', WEBHOOK_CREDENTIALS_SENTENCE);
  if (!ctx.deps.allowWebhookPort(portOf(new URL(url))))
    throw new SemanticError('destination_unsafe', {
      message: WEBHOOK_PORT_SENTENCE,
      details: [
        { field: 'url', issue: 'destination_unsafe', reason: 'port', message: WEBHOOK_PORT_SENTENCE },
      ],
    });
};

/**
 * Webhook endpoints and ESP adapters: create (the secret is returned once, sealed at
 * rest with AUTH_SECRET), update (address, events, description, on/off), delete, rotate the secret
 * with an overlap window, replay one delivery, send a test event. Every change is audited without
 * its secret. An endpoint already receiving leads' addresses also needs `lead.manage_sync` to be
 * changed, so no API key can point it somewhere else.
 */
export const createWebhookEndpointCommand = defineCommand(createWebhookEndpoint, {
  run: async (ctx, args) => {
    if (args.kind === 'webhook') await assertWebhookUrl(ctx, args.url);
    const live = await one<{ n: number }>(
      ctx.tx,
      'SELECT count(*)::int AS n FROM webhook_endpoints WHERE workspace_id = $1 AND deleted_at IS NULL',
      [args.workspace_id],
    );
    if ((live?.n ?? 0) >= MAX_ENDPOINTS)
      throw new ValidationError([{ field: 'url', issue: 'too_many_endpoints', maximum: MAX_ENDPOINTS }], {
        message: `A workspace has at most ${MAX_ENDPOINTS} webhook endpoints: remove one first.`,
      });
    if (args.kind !== 'webhook') {
      const page = await one<{ id: string }>(
        ctx.tx,
        'SELECT id FROM bio_pages WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL',
        [args.page_id, args.workspace_id],
      );
      if (!page) throw new NotFoundError({ details: [{ field: 'page_id', issue: 'not_found' }] });
    }
    const config = endpointConfigOf(args);
    await ctx.tx.query(
      `INSERT INTO webhook_endpoints (id, workspace_id, kind, url, description, events, config, page_id,
                                        secret_ciphertext, secret_last4, created_by_user_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        args.id,
        args.workspace_id,
        args.kind,
        config.url,
        args.description ?? null,
        config.events,
        JSON.stringify(config.config),
        config.pageId,
        ctx.deps.secrets.seal(Buffer.from(config.secret, 'utf8')),
        lastFour(config.secret),
        ctx.by.userId,
      ],
    );
    if (args.kind === 'webhook' && args.resource_ids)
      await ctx.tx.query('UPDATE webhook_endpoints SET resource_ids = $2 WHERE id = $1', [
        args.id,
        args.resource_ids,
      ]);
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'webhook.created',
      resourceType: 'webhook',
      resourceId: args.id,
      after: { kind: args.kind, url: config.url, events: config.events, page_id: config.pageId },
    });
    const value: SecretReveal = {
      secret: args.kind === 'webhook' ? config.secret : null,
      previous_secret_expires_at: null,
    };
    return { workspaceId: args.workspace_id, resource: { type: 'webhook', id: args.id }, value };
  },
});

export const updateWebhookEndpointCommand = defineCommand(updateWebhookEndpoint, {
  run: async (ctx, args) => {
    const before = await loadEndpoint(ctx, args.workspace_id, args.id);
    if (receivesLeads(before)) await authorizeCommand(ctx.tx, ctx.by, 'lead.manage_sync', args.workspace_id);
    if (before.kind !== 'webhook' && args.url !== undefined) throw notForEsp('url');
    if (before.kind !== 'webhook' && args.events !== undefined) throw notForEsp('events');
    if (args.url !== undefined) await assertWebhookUrl(ctx, args.url);
    const sets: string[] = [];
    const values: unknown[] = [args.id];
    const set = (column: string, value: unknown) => {
      values.push(value);
      sets.push(`${column} = $${values.length}`);
    };
    if (args.url !== undefined) set('url', args.url);
    if (args.events !== undefined) set('events', args.events);
    if (args.description !== undefined) set('description', args.description);
    if (args.resource_ids !== undefined) set('resource_ids', args.resource_ids);
    if (args.enabled === true && before.status === 'disabled') {
      set('status', 'active');
      set('consecutive_failures', 0);
      set('disabled_reason', null);
    }
    if (args.enabled === false && before.status === 'active') {
      set('status', 'disabled');
      set('disabled_reason', 'turned_off');
    }
    if (sets.length > 0)
      await ctx.tx.query(`UPDATE webhook_endpoints SET ${sets.join(', ')} WHERE id = $1`, values);
    const { id: _id, workspace_id: _ws, ...after } = args;
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'webhook.updated',
      resourceType: 'webhook',
      resourceId: args.id,
      before: { url: before.url, events: before.events, status: before.status },
      after,
    });
    return { workspaceId: args.workspace_id, resource: { type: 'webhook', id: args.id } };
  },
});

export const deleteWebhookEndpointCommand = defineCommand(deleteWebhookEndpoint, {
  run: async (ctx, args) => {
    const before = await loadEndpoint(ctx, args.workspace_id, args.id);
    await ctx.tx.query(
      "UPDATE webhook_endpoints SET deleted_at = now(), status = 'disabled', disabled_reason = 'deleted' WHERE id = $1",
      [args.id],
    );
    // Nothing more goes out: waiting deliveries end as failed (the worker also skips a deleted endpoint).
    await ctx.tx.query(
      "UPDATE webhook_deliveries SET status = 'failed', last_error = 'endpoint deleted', next_attempt_at = NULL WHERE endpoint_id = $1 AND status = 'pending'",
      [args.id],
    );
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'webhook.deleted',
      resourceType: 'webhook',
      resourceId: args.id,
      before: { url: before.url, events: before.events },
    });
    return { workspaceId: args.workspace_id, resource: { type: 'webhook', id: args.id } };
  },
});

export const rotateWebhookSecretCommand = defineCommand(rotateWebhookSecret, {
  run: async (ctx, args) => {
    const before = await loadEndpoint(ctx, args.workspace_id, args.id);
    if (before.kind !== 'webhook')
      throw new ValidationError([{ field: 'id', issue: 'not_for_esp' }], {
        message: 'An ESP adapter uses your API key there: replace the key by adding the adapter again.',
      });
    const secret = newSigningSecret();
    const overlap = args.overlap_hours > 0;
    const row = await one<RowOf<typeof webhookEndpoints, 'previousSecretExpiresAt'>>(
      ctx.tx,
      `UPDATE webhook_endpoints SET secret_ciphertext = $2, secret_last4 = $3, secret_rotated_at = now(),
                previous_secret_ciphertext = CASE WHEN $4 THEN secret_ciphertext END,
                previous_secret_expires_at = CASE WHEN $4 THEN now() + make_interval(hours => $5) END
          WHERE id = $1 RETURNING previous_secret_expires_at`,
      [
        args.id,
        ctx.deps.secrets.seal(Buffer.from(secret, 'utf8')),
        lastFour(secret),
        overlap,
        args.overlap_hours,
      ],
    );
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'webhook.secret_rotated',
      resourceType: 'webhook',
      resourceId: args.id,
      after: { overlap_hours: args.overlap_hours },
    });
    const value: SecretReveal = {
      secret,
      previous_secret_expires_at: row?.previous_secret_expires_at?.toISOString() ?? null,
    };
    return { workspaceId: args.workspace_id, resource: { type: 'webhook', id: args.id }, value };
  },
});

export const replayWebhookDeliveryCommand = defineCommand(replayWebhookDelivery, {
  run: async (ctx, args) => {
    const endpoint = await loadEndpoint(ctx, args.workspace_id, args.id);
    if (endpoint.status !== 'active') throw disabled('Turn the endpoint on before sending to it again.');
    const delivery = await one<RowOf<typeof webhookDeliveries, 'id' | 'eventId' | 'replays'>>(
      ctx.tx,
      `UPDATE webhook_deliveries SET status = 'pending', replays = replays + 1, last_error = NULL, next_attempt_at = now()
          WHERE id = $1 AND endpoint_id = $2 AND workspace_id = $3 RETURNING id, event_id, replays`,
      [args.delivery_id, args.id, args.workspace_id],
    );
    if (!delivery) throw new NotFoundError({ details: [{ field: 'delivery_id', issue: 'not_found' }] });
    ctx.effects.enqueue(
      deliveryJob(args.id, delivery.event_id, deliveryJobId(delivery.id, delivery.replays)),
    );
    await audit(ctx, {
      workspaceId: args.workspace_id,
      action: 'webhook.delivery_replayed',
      resourceType: 'webhook',
      resourceId: args.id,
      after: { delivery_id: delivery.id, event_id: delivery.event_id },
    });
    const value: DeliveryQueued = { delivery_id: delivery.id, event_id: delivery.event_id };
    return { workspaceId: args.workspace_id, resource: { type: 'webhook', id: args.id }, value };
  },
});

export const sendTestWebhookCommand = defineCommand(sendTestWebhook, {
  run: async (ctx, args) => {
    const endpoint = await loadEndpoint(ctx, args.workspace_id, args.id);
    if (endpoint.kind !== 'webhook')
      throw new ValidationError([{ field: 'id', issue: 'not_for_esp' }], {
        message: 'Test events go to webhooks; an ESP adapter receives confirmed sign-ups only.',
      });
    if (endpoint.status !== 'active') throw disabled('Turn the endpoint on before sending a test event.');
    const [job] = await recordWebhookEvent(ctx.tx, {
      workspaceId: args.workspace_id,
      type: 'webhook.test',
      endpointId: args.id,
      eventId: args.event_id,
      data: { endpoint_id: args.id, message: 'A test event from LinkHub. Nothing changed.' },
    });
    const delivery = await one<{ id: string }>(
      ctx.tx,
      'SELECT id FROM webhook_deliveries WHERE endpoint_id = $1 AND event_id = $2',
      [args.id, args.event_id],
    );
    if (!delivery) throw new Error('test delivery not recorded');
    // A repeated request with the same event id finds the delivery already queued.
    if (job) ctx.effects.enqueue(job);
    const value: DeliveryQueued = { delivery_id: delivery.id, event_id: args.event_id };
    return { workspaceId: args.workspace_id, resource: { type: 'webhook', id: args.id }, value };
  },
});
