import { rows, withTransaction } from '@linkhub/shared/server/db/sql';
import { enqueueDeliveries, recordWebhookEvent } from '@linkhub/shared/server/webhooks/outbox';
import { WEBHOOK_BATCH_MAX, type TrafficEventData } from '@linkhub/shared/webhooks/traffic-events';
import type { Processor } from '../../processors/processor';

type Buffered = { id: string; workspace_id: string; event: TrafficEventData };

/**
 * `webhook-batch {endpoint_id, event_type}`: the endpoint's buffered events of that type become
 * deliveries of up to WEBHOOK_BATCH_MAX events each, oldest first, each in one transaction that
 * deletes what it sends (an endpoint turned off meanwhile gets nothing, and its buffer is emptied).
 * Delivery, signing and retries are the webhook-deliver job's, as for every other event.
 */
export const webhookBatch: Processor<'webhook-batch'> = async (data, _job, deps) => {
  let deliveries = 0;
  for (;;) {
    const batch = await withTransaction(deps.pool, async (tx) => {
      const taken = await rows<Buffered>(
        tx,
        `DELETE FROM webhook_event_buffer WHERE id IN (
           SELECT id FROM webhook_event_buffer WHERE endpoint_id = $1 AND event_type = $2
            ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
         RETURNING id, workspace_id, event`,
        [data.endpoint_id, data.event_type, WEBHOOK_BATCH_MAX],
      );
      const [first] = taken;
      if (first === undefined) return { taken: 0, jobs: [] };
      const events = taken.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id))).map((t) => t.event);
      const jobs = await recordWebhookEvent(tx, {
        workspaceId: first.workspace_id,
        type: data.event_type,
        data: { count: events.length, events },
        endpointId: data.endpoint_id,
      });
      return { taken: taken.length, jobs };
    });
    await enqueueDeliveries(deps.jobs, deps.logger, batch.jobs);
    deliveries += batch.jobs.length;
    if (batch.taken < WEBHOOK_BATCH_MAX) return { deliveries };
  }
};
