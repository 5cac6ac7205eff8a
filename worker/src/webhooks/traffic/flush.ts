import { z } from 'zod';
import { rows, withTransaction } from '@linkhub/shared/server/db/sql';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';
import { enqueueDeliveries, recordWebhookEvent } from '@linkhub/shared/server/webhooks/outbox';
import { trafficEventSchema, WEBHOOK_BATCH_MAX } from '@linkhub/shared/webhooks/traffic-events';
import type { Processor } from '../../processors/processor';

/** Events taken from the buffer per transaction (whole buffer rows: a little more when one spills over). */
const EVENTS_PER_TAKE = 10 * WEBHOOK_BATCH_MAX;
const bufferedEvents = z.array(trafficEventSchema);

type Buffered = { id: string; workspace_id: string; events: string };

/**
 * `webhook-batch {endpoint_id, event_type}`: the endpoint's buffered events of that type become
 * deliveries of up to WEBHOOK_BATCH_MAX events each, oldest first (the last one of a flush may hold
 * fewer), in transactions that delete what they send; flushes of one endpoint and type take turns
 * (an advisory lock). An endpoint turned off meanwhile gets nothing and its buffer is emptied.
 * Delivery, signing and retries are the webhook-deliver job's, as for every other event.
 */
export const webhookBatch: Processor<'webhook-batch'> = async (data, _job, deps) => {
  let deliveries = 0;
  for (;;) {
    const batch = await withTransaction(deps.pool, async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `webhook-batch:${data.endpoint_id}:${data.event_type}`,
      ]);
      const taken = await rows<Buffered>(
        tx,
        `DELETE FROM webhook_event_buffer WHERE id IN (
           SELECT id FROM (
             SELECT id, sum(n) OVER (ORDER BY id) - n AS before FROM webhook_event_buffer
              WHERE endpoint_id = $1 AND event_type = $2) running
            WHERE before < $3)
         RETURNING id, workspace_id, events`,
        [data.endpoint_id, data.event_type, EVENTS_PER_TAKE],
      );
      const [first] = taken;
      if (first === undefined) return { events: 0, jobs: [] };
      const events = taken
        .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
        .flatMap((t) => bufferedEvents.parse(JSON.parse(t.events)));
      const jobs: JobRequest[] = [];
      for (let i = 0; i < events.length; i += WEBHOOK_BATCH_MAX) {
        const chunk = events.slice(i, i + WEBHOOK_BATCH_MAX);
        jobs.push(
          ...(await recordWebhookEvent(tx, {
            workspaceId: first.workspace_id,
            type: data.event_type,
            data: { count: chunk.length, events: chunk },
            endpointId: data.endpoint_id,
          })),
        );
      }
      return { events: events.length, jobs };
    });
    await enqueueDeliveries(deps.jobs, deps.logger, batch.jobs);
    deliveries += batch.jobs.length;
    if (batch.events < EVENTS_PER_TAKE) return { deliveries };
  }
};
