import type { webhookDeliveries } from '@linkhub/shared/server/db/schema/assets';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { deliveryJob, deliveryJobId } from '@linkhub/shared/server/webhooks/outbox';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';
import type { Processor } from '../processors/processor';
import { enqueueDeliveries } from './events';

/** A delivery still `pending` this long after it was due never reached the queue (its enqueue failed after the commit). */
export const STUCK_AFTER_MS = 10 * 60_000;
const BATCH = 500;

/**
 * The outbox's second chance: deliveries recorded with their change but whose job never reached
 * BullMQ (Redis away at that moment). Each is enqueued again under the job id of its current run, so
 * a job that does exist is not doubled (BullMQ keeps one job per id).
 */
export async function stuckDeliveries(db: Queryable, now: Date): Promise<JobRequest[]> {
  const found = await rows<RowOf<typeof webhookDeliveries, 'id' | 'endpointId' | 'eventId' | 'replays'>>(
    db,
    `SELECT id, endpoint_id, event_id, replays FROM webhook_deliveries
      WHERE status = 'pending' AND next_attempt_at < $1 ORDER BY next_attempt_at LIMIT ${BATCH}`,
    [new Date(now.getTime() - STUCK_AFTER_MS)],
  );
  return found.map((d) => deliveryJob(d.endpoint_id, d.event_id, deliveryJobId(d.id, d.replays)));
}

/** Buffered traffic events (D-632) whose flush job never reached BullMQ: a flush per endpoint and type. */
export async function stuckTrafficBuffers(db: Queryable, now: Date): Promise<JobRequest[]> {
  const found = await rows<{ endpoint_id: string; event_type: string }>(
    db,
    `SELECT DISTINCT endpoint_id, event_type FROM webhook_event_buffer WHERE created_at < $1 LIMIT ${BATCH}`,
    [new Date(now.getTime() - STUCK_AFTER_MS)],
  );
  return found.map((b) => ({
    queue: 'webhook-batch',
    name: 'webhook-batch',
    data: { endpoint_id: b.endpoint_id, event_type: b.event_type },
    jobId: `whb-${b.endpoint_id}-${b.event_type.replace('.', '_')}-sweep-${now.getTime()}`,
  }));
}

/** `webhook-sweep` (every 5 minutes): re-enqueues stuck deliveries and stuck traffic buffers. */
export const webhookSweep: Processor<'webhook-sweep'> = async (_data, _job, deps) => {
  const now = new Date();
  const jobs = [...(await stuckDeliveries(deps.pool, now)), ...(await stuckTrafficBuffers(deps.pool, now))];
  await enqueueDeliveries(deps, jobs);
  return { requeued: jobs.length };
};
