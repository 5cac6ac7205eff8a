import type { RowOf } from '@linkhub/shared/server/db/row';
import type { exportJobs } from '@linkhub/shared/server/db/schema/analytics';
import { GoneError, NotFoundError } from '@linkhub/shared/errors/app-error';
import { one } from '@linkhub/shared/server/db/sql';
import type { AppDeps } from '../../http/app-deps';

type ExportRow = RowOf<
  typeof exportJobs,
  'id' | 'status' | 'progress' | 'storageKey' | 'error' | 'createdAt' | 'finishedAt' | 'expiresAt'
> & {
  /** bigint columns: pg returns them as strings where the schema infers numbers (D-551). */
  row_count: string | null;
};

const COLUMNS = 'id, status, progress, row_count, storage_key, error, created_at, finished_at, expires_at';

/** The API view of a leads export: one serializer with the `export.finished` webhook. */
export { leadExportView } from '@linkhub/shared/server/exports/export-view';

/** Records a `leads_csv` export (queued) and enqueues the worker's `export` job (kind `leads`). */
export async function startLeadsExport(
  deps: AppDeps,
  input: { workspaceId: string; userId: string | null; pageIds: string[] | null },
): Promise<ExportRow> {
  const row = await one<ExportRow>(
    deps.pool,
    `INSERT INTO export_jobs (workspace_id, requested_by_user_id, kind, params) VALUES ($1, $2, 'leads_csv', $3) RETURNING ${COLUMNS}`,
    [input.workspaceId, input.userId, JSON.stringify({ page_ids: input.pageIds })],
  );
  if (!row) throw new Error('export insert returned no row');
  await deps.jobs.enqueue({
    queue: 'export',
    name: 'leads',
    jobId: `export-${row.id}`,
    data: { workspace_id: input.workspaceId, export_id: row.id, kind: 'leads' },
  });
  return row;
}

export async function findLeadsExport(deps: AppDeps, workspaceId: string, id: string): Promise<ExportRow> {
  const row = await one<ExportRow>(
    deps.pool,
    `SELECT ${COLUMNS} FROM export_jobs WHERE id = $1 AND workspace_id = $2 AND kind = 'leads_csv'`,
    [id, workspaceId],
  );
  if (!row) throw new NotFoundError();
  return row;
}

export async function openLeadsDownload(
  deps: AppDeps,
  row: ExportRow,
  now: Date = new Date(),
): Promise<{ body: ReadableStream; size: number; filename: string }> {
  const gone = new GoneError('gone', {
    message: 'This download is no longer available; start a new export.',
  });
  if (row.status === 'expired' || (row.expires_at !== null && row.expires_at <= now)) throw gone;
  if (row.status !== 'succeeded' || row.storage_key === null)
    throw new NotFoundError({ message: 'This export is not ready yet.' });
  const stored = await deps.artifacts.stream(row.storage_key);
  if (stored === null) throw gone;
  return {
    body: stored.body,
    size: stored.byteSize,
    filename: `linkhub-leads-${row.created_at.toISOString().slice(0, 10)}-${row.id.slice(-8)}.csv`,
  };
}
