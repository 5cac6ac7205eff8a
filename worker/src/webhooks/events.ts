import { one, type Queryable } from '@linkhub/shared/db/sql';
import type { JobRequest } from '@linkhub/shared/jobs/producer';
import { enqueueDeliveries as enqueueAfterCommit, recordWebhookEvent } from '@linkhub/shared/webhooks/outbox';
import type { WorkerDeps } from '../deps';

/** The deliveries a committed change recorded, sent to the webhook-deliver queue (best effort: the rows stay `pending`). */
export function enqueueDeliveries(deps: WorkerDeps, jobs: readonly JobRequest[]): Promise<void> {
  return enqueueAfterCommit(deps.jobs, deps.logger, jobs);
}

/** `domain.verified`, in the transaction that verified the domain. */
export async function recordDomainVerified(tx: Queryable, domainId: string): Promise<JobRequest[]> {
  const domain = await one<{ workspace_id: string | null; data: Record<string, unknown> }>(
    tx,
    `SELECT workspace_id, json_build_object('id', id, 'workspace_id', workspace_id, 'hostname', hostname,
            'status', status, 'verified_at', verified_at) AS data
       FROM custom_domains WHERE id = $1 AND status = 'verified'`,
    [domainId],
  );
  if (!domain?.workspace_id) return [];
  return recordWebhookEvent(tx, {
    workspaceId: domain.workspace_id,
    type: 'domain.verified',
    data: domain.data,
  });
}

/** `export.finished` once an export's file is ready (its download link is the dashboard's: the file is not sent). */
export async function recordExportFinished(tx: Queryable, exportId: string): Promise<JobRequest[]> {
  const done = await one<{ workspace_id: string; data: Record<string, unknown> }>(
    tx,
    `SELECT workspace_id, json_build_object('id', id, 'kind', kind, 'status', status, 'row_count', row_count,
            'byte_size', byte_size, 'finished_at', finished_at, 'expires_at', expires_at) AS data
       FROM export_jobs WHERE id = $1 AND status = 'succeeded'`,
    [exportId],
  );
  if (!done) return [];
  return recordWebhookEvent(tx, { workspaceId: done.workspace_id, type: 'export.finished', data: done.data });
}
