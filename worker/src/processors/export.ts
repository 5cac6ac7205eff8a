import { UnrecoverableError } from 'bullmq';
import { runAnalyticsExport } from '../analytics/export-csv';
import type { Processor } from './index';

/** `export {workspace_id, export_id, kind}`: analytics CSV exports (other kinds are not built yet). */
export const exportJob: Processor<'export'> = async (data, _job, deps) => {
  if (data.kind !== 'analytics') throw new UnrecoverableError(`export kind ${data.kind} is not supported by this worker yet`);
  return runAnalyticsExport(deps.pool, deps.config.ARTIFACT_DIR, data.workspace_id, data.export_id);
};
