import type { RowOf } from '@linkhub/shared/server/db/row';
import type { exportJobs } from '@linkhub/shared/server/db/schema/analytics';
import { GoneError, NotFoundError } from '@linkhub/shared/errors/app-error';
import type { AppDeps } from '../../http/app-deps';
import { one } from '@linkhub/shared/server/db/sql';
import type { AnalyticsScope } from './scope';

const DAY_MS = 86_400_000;

type ExportRow = RowOf<
  typeof exportJobs,
  'id' | 'status' | 'progress' | 'params' | 'storageKey' | 'error' | 'createdAt' | 'finishedAt' | 'expiresAt'
> & {
  /** bigint columns: pg returns them as strings where the schema infers numbers (D-551). */
  row_count: string | null;
  byte_size: string | null;
};

const COLUMNS =
  'id, status, progress, params, row_count, byte_size, storage_key, error, created_at, finished_at, expires_at';

/** The API view of an export: one serializer with the `export.finished` webhook. */
export { analyticsExportView as exportView } from '@linkhub/shared/server/exports/export-view';

/** Records the export (queued) and enqueues the worker's `export` job; the job id is the export id. */
export async function startExport(
  deps: AppDeps,
  scope: AnalyticsScope,
  input: { source: 'raw' | 'rollup'; from: Date; to: Date; filters?: Record<string, string> | undefined },
): Promise<ExportRow> {
  const filters = input.filters ?? {};
  const params = {
    source: input.source,
    from: input.from.toISOString(),
    to: input.to.toISOString(),
    resource_ids: scope.resourceIds,
    // Every active filter of the view the export was started from: the file holds what the view shows.
    ...(Object.keys(filters).length > 0 ? { filters } : {}),
  };
  const row = await one<ExportRow>(
    deps.pool,
    `INSERT INTO export_jobs (workspace_id, requested_by_user_id, kind, params) VALUES ($1, $2, 'analytics_csv', $3) RETURNING ${COLUMNS}`,
    [scope.workspaceId, scope.userId, JSON.stringify(params)],
  );
  if (!row) throw new Error('export insert returned no row');
  await deps.jobs.enqueue({
    queue: 'export',
    name: 'analytics',
    jobId: `export-${row.id}`,
    data: { workspace_id: scope.workspaceId, export_id: row.id, kind: 'analytics' },
  });
  return row;
}

export async function findExport(deps: AppDeps, workspaceId: string, id: string): Promise<ExportRow> {
  const row = await one<ExportRow>(
    deps.pool,
    `SELECT ${COLUMNS} FROM export_jobs WHERE id = $1 AND workspace_id = $2 AND kind = 'analytics_csv'`,
    [id, workspaceId],
  );
  if (!row) throw new NotFoundError();
  return row;
}

/** The CSV body of a finished export, from the artifact store, while its link is valid: 404 before, 410 after 24 h. */
export async function openDownload(
  deps: AppDeps,
  row: ExportRow,
  now: Date = new Date(),
): Promise<{ body: ReadableStream; size: number; filename: string }> {
  if (row.status === 'expired')
    throw new GoneError('gone', { message: 'This download link has expired; start a new export.' });
  if (row.status !== 'succeeded' || row.storage_key === null)
    throw new NotFoundError({ message: 'This export is not ready yet.' });
  const expiresAt = row.expires_at ?? new Date((row.finished_at ?? now).getTime() + DAY_MS);
  if (expiresAt <= now)
    throw new GoneError('gone', { message: 'This download link has expired; start a new export.' });
  const stored = await deps.artifacts.stream(row.storage_key);
  if (stored === null)
    throw new GoneError('gone', { message: 'This export is no longer stored; start a new export.' });
  return {
    body: stored.body,
    size: stored.byteSize,
    filename: `linkhub-analytics-${row.created_at.toISOString().slice(0, 10)}-${row.id.slice(-8)}.csv`,
  };
}
