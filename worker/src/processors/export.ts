import { UnrecoverableError } from 'bullmq';
import { runAnalyticsExport } from '../analytics/export-csv';
import { QrArtifactMissingError } from '@linkhub/shared/server/artifacts/qr-artifacts';
import { runQrBatchExport } from '../artifacts/qr-batch';
import { runLeadsExport } from '../leads/export-leads';
import { configuredArtifactStore } from './qr-render';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { enqueueDeliveries, recordExportFinished } from '../webhooks/events';
import type { Processor } from './processor';

/** `export {workspace_id, export_id, kind}`: analytics and leads CSV exports, QR batch ZIPs (other kinds are not built yet). */
export const exportJob: Processor<'export'> = async (data, job, deps) => {
  const result = await runExport(data, job, deps);
  // export.finished once the file is ready; nothing when the run withdrew or failed it.
  await enqueueDeliveries(
    deps,
    await withTransaction(deps.pool, (tx) => recordExportFinished(tx, data.export_id)),
  );
  return result;
};

const runExport: Processor<'export'> = async (data, job, deps) => {
  if (data.kind === 'qr_batch') {
    try {
      return await runQrBatchExport(
        { pool: deps.pool, store: configuredArtifactStore(deps), addressOf: deps.addressOf },
        data.workspace_id,
        data.export_id,
        (percent) => job.updateProgress(percent),
      );
    } catch (error) {
      if (error instanceof QrArtifactMissingError) throw new UnrecoverableError(error.message);
      throw error;
    }
  }
  if (data.kind === 'leads')
    return runLeadsExport(
      { pool: deps.pool, store: configuredArtifactStore(deps) },
      data.workspace_id,
      data.export_id,
    );
  if (data.kind !== 'analytics')
    throw new UnrecoverableError(`export kind ${data.kind} is not supported by this worker yet`);
  return runAnalyticsExport(
    { pool: deps.pool, store: configuredArtifactStore(deps) },
    data.workspace_id,
    data.export_id,
  );
};
