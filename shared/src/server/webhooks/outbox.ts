import type { webhookDeliveries } from '../db/schema/assets';
import type { RowOf } from '../db/row';
import { randomUUID } from 'node:crypto';
import { rows, type Queryable } from '../db/sql';
import { enqueueBestEffort } from '../jobs/enqueue-best-effort';
import type { JobRequest } from '../jobs/producer';
import type { Logger } from '../logging/logger';
import type { WebhookEvent, WebhookPayload } from '../../webhooks/events';

export type WebhookEventInput = {
  workspaceId: string;
  type: WebhookEvent;
  data: Record<string, unknown>;
  /** The bio page the event concerns: an ESP adapter configured for another page does not get it. */
  pageId?: string | null;
  /** Only this endpoint (a test event). */
  endpointId?: string;
  eventId?: string;
};

/** The BullMQ job id of one delivery run (a replay is a new run of the same delivery). */
export function deliveryJobId(deliveryId: string, run = 0): string {
  return run === 0 ? `whd-${deliveryId}` : `whd-${deliveryId}-r${run}`;
}

export function deliveryJob(endpointId: string, eventId: string, jobId: string): JobRequest {
  return {
    queue: 'webhook-deliver',
    name: 'webhook-deliver',
    data: { endpoint_id: endpointId, event_id: eventId },
    jobId,
  };
}

/**
 * The deliveries a committed change recorded, sent to the webhook-deliver queue: best effort, as
 * the change has committed. A delivery whose job did not reach Redis stays `pending` and the sweep
 * enqueues it again.
 */
export function enqueueDeliveries(
  producer: { enqueueAll: (jobs: readonly JobRequest[]) => Promise<void> },
  logger: Pick<Logger, 'warn'>,
  jobs: readonly JobRequest[],
): Promise<void> {
  return enqueueBestEffort(
    (batch) => producer.enqueueAll(batch),
    logger,
    jobs,
    'webhook delivery not enqueued',
  );
}

/** Whether any active endpoint of the workspace listens for this event (checked before its data is loaded). */
export async function hasWebhookListeners(
  tx: Queryable,
  workspaceId: string,
  type: WebhookEvent,
  pageId: string | null = null,
): Promise<boolean> {
  const found = await rows<{ one: number }>(
    tx,
    `SELECT 1 AS one FROM webhook_endpoints e
      WHERE e.workspace_id = $1 AND e.deleted_at IS NULL AND e.status = 'active' AND $2 = ANY (e.events)
        AND (e.page_id IS NULL OR e.page_id = $3::uuid) LIMIT 1`,
    [workspaceId, type, pageId],
  );
  return found.length > 0;
}

/**
 * Records one event for every active endpoint of the workspace subscribed to it (a transactional
 * outbox: called inside the transaction that made the change, so an event exists exactly when the
 * change committed) and returns the delivery jobs for the caller to enqueue after the commit. One
 * indexed query when no endpoint listens. Every delivery of the event carries the same event id,
 * the receiver's idempotency key.
 */
export async function recordWebhookEvent(tx: Queryable, event: WebhookEventInput): Promise<JobRequest[]> {
  const eventId = event.eventId ?? randomUUID();
  const payload: WebhookPayload = {
    id: eventId,
    type: event.type,
    created_at: new Date().toISOString(),
    workspace_id: event.workspaceId,
    data: event.data,
  };
  const inserted = await rows<RowOf<typeof webhookDeliveries, 'id' | 'endpointId'>>(
    tx,
    `INSERT INTO webhook_deliveries (endpoint_id, workspace_id, event_id, event_type, payload, next_attempt_at)
     SELECT e.id, e.workspace_id, $3, $2, $4, now() FROM webhook_endpoints e
      WHERE e.workspace_id = $1 AND e.deleted_at IS NULL AND e.status = 'active'
        AND ($2 = 'webhook.test' OR $2 = ANY (e.events))
        AND (e.page_id IS NULL OR e.page_id = $5::uuid)
        AND ($6::uuid IS NULL OR e.id = $6::uuid)
     ON CONFLICT (endpoint_id, event_id) DO NOTHING
     RETURNING id, endpoint_id`,
    [
      event.workspaceId,
      event.type,
      eventId,
      JSON.stringify(payload),
      event.pageId ?? null,
      event.endpointId ?? null,
    ],
  );
  return inserted.map((d) => deliveryJob(d.endpoint_id, eventId, deliveryJobId(d.id)));
}
