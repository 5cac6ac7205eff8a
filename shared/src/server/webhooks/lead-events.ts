import type { Queryable } from '../db/sql';
import type { JobRequest } from '../jobs/producer';
import { findLead, serializeLead } from '../leads/lead-view';
import { recordWebhookEvent } from './outbox';

/**
 * `lead.created` / `lead.confirmed` for one lead, recorded in the caller's transaction (the worker's
 * sign-up, the confirmation link). The data is the lead as `/v1/leads` returns it (the same
 * serializer); erasure finds these deliveries by `data.id` and `data.email` and removes them (D-202).
 */
export async function recordLeadEvent(
  tx: Queryable,
  leadId: string,
  type: 'lead.created' | 'lead.confirmed',
): Promise<JobRequest[]> {
  const lead = await findLead(tx, leadId);
  if (!lead) return [];
  return recordWebhookEvent(tx, {
    workspaceId: lead.workspace_id,
    type,
    data: serializeLead(lead),
    pageId: lead.page_id,
  });
}
