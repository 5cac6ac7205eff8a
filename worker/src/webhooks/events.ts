import type { Queryable } from '@linkhub/shared/server/db/sql';
import { findDomainRow, serializeDomain } from '@linkhub/shared/server/domains/domain-view';
import { exportViewOf, findExportJob } from '@linkhub/shared/server/exports/export-view';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';
import {
  enqueueDeliveries as enqueueAfterCommit,
  recordWebhookEvent,
} from '@linkhub/shared/server/webhooks/outbox';
import type { WorkerDeps } from '../deps';

/** The deliveries a committed change recorded, sent to the webhook-deliver queue (best effort: the rows stay `pending`). */
export function enqueueDeliveries(deps: WorkerDeps, jobs: readonly JobRequest[]): Promise<void> {
  return enqueueAfterCommit(deps.jobs, deps.logger, jobs);
}

/** `domain.verified`, in the transaction that verified the domain: the domain as `GET /v1/domains/{id}` returns it. */
export async function recordDomainVerified(tx: Queryable, domainId: string): Promise<JobRequest[]> {
  const domain = await findDomainRow(tx, domainId);
  if (domain?.status !== 'verified' || domain.workspace_id === null) return [];
  return recordWebhookEvent(tx, {
    workspaceId: domain.workspace_id,
    type: 'domain.verified',
    data: serializeDomain(domain),
  });
}

/**
 * `export.finished` once an export's file is ready: the export as its kind's status route returns it,
 * with its `kind` (its download link is the dashboard's: the file is not sent).
 */
export async function recordExportFinished(tx: Queryable, exportId: string): Promise<JobRequest[]> {
  const done = await findExportJob(tx, exportId);
  if (done?.status !== 'succeeded') return [];
  const data = exportViewOf(done, done.workspace_id);
  if (!data) return [];
  return recordWebhookEvent(tx, { workspaceId: done.workspace_id, type: 'export.finished', data });
}
