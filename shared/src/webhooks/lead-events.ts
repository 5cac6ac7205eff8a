import { one, type Queryable } from '../db/sql';
import type { JobRequest } from '../jobs/producer';
import { recordWebhookEvent } from './outbox';

/**
 * `lead.created` / `lead.confirmed` for one lead, recorded in the caller's transaction (the worker's
 * sign-up, the confirmation link). The data is the lead as `/v1/leads` returns it; erasure finds
 * these deliveries by `data.id` and `data.email` and removes them (D-202).
 */
export async function recordLeadEvent(
  tx: Queryable,
  leadId: string,
  type: 'lead.created' | 'lead.confirmed',
): Promise<JobRequest[]> {
  const lead = await one<{ workspace_id: string; page_id: string; data: Record<string, unknown> }>(
    tx,
    `SELECT l.workspace_id, l.page_id, json_build_object(
              'id', l.id, 'workspace_id', l.workspace_id, 'page_id', l.page_id, 'block_id', l.block_id,
              'email', l.email, 'status', l.status, 'consent_text', l.consent_text,
              'consented_at', l.consented_at, 'page_revision', l.page_revision,
              'confirmed_at', l.confirmed_at, 'unsubscribed_at', l.unsubscribed_at, 'created_at', l.created_at) AS data
       FROM leads l WHERE l.id = $1 AND l.deleted_at IS NULL`,
    [leadId],
  );
  if (!lead) return [];
  return recordWebhookEvent(tx, {
    workspaceId: lead.workspace_id,
    type,
    data: lead.data,
    pageId: lead.page_id,
  });
}
