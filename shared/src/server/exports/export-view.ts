import type { RowOf } from '../db/row';
import type { exportJobs } from '../db/schema/analytics';
import { one, type Queryable } from '../db/sql';
import type { LeadExport } from '../../schemas/leads';
import type { QrBatchExportView } from '../../schemas/qr-exports';

/**
 * An export as its status route returns it — `GET /v1/leads/exports/{id}`, `GET
 * /v1/analytics/exports/{id}`, `GET /api/workspaces/{ws}/qr-exports/{id}` — and as `export.finished`
 * carries it: one serializer per kind, used by both.
 */
export type ExportJobRow = RowOf<
  typeof exportJobs,
  'id' | 'kind' | 'status' | 'progress' | 'params' | 'error' | 'createdAt' | 'finishedAt' | 'expiresAt'
> & {
  /** bigint columns: pg returns them as strings where the schema infers numbers (D-551). */
  row_count: string | null;
  byte_size: string | null;
};

export const EXPORT_VIEW_COLUMNS =
  'id, kind, status, progress, params, row_count, byte_size, error, created_at, finished_at, expires_at';

type ViewRow = Omit<ExportJobRow, 'kind'>;
const count = (n: string | null) => (n === null ? null : Number(n));
const isExpired = (row: Pick<ViewRow, 'status' | 'expires_at'>, now: Date) =>
  row.status === 'expired' || (row.expires_at !== null && row.expires_at <= now);

/** A leads CSV: progress in percent, the download link while it is valid (24 h). */
export function leadExportView(
  row: Omit<ViewRow, 'params' | 'byte_size'>,
  workspaceId: string,
  now: Date = new Date(),
): LeadExport {
  const expired = isExpired(row, now);
  const ready = row.status === 'succeeded' && !expired;
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    progress: row.progress,
    row_count: count(row.row_count),
    error: row.status === 'failed' ? 'The export could not be finished. Start a new one.' : null,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    download_url: ready ? `/v1/leads/exports/${row.id}/download?workspace_id=${workspaceId}` : null,
  };
}

/** An analytics CSV: its source and window, the download link once built (valid 24 h). */
export function analyticsExportView(row: ViewRow, now: Date = new Date()): Record<string, unknown> {
  const expired = row.expires_at !== null && row.expires_at <= now;
  const ready = row.status === 'succeeded' && !expired;
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    progress: row.progress,
    source: row.params.source ?? null,
    from: row.params.from ?? null,
    to: row.params.to ?? null,
    row_count: count(row.row_count),
    byte_size: count(row.byte_size),
    error: row.status === 'failed' ? 'The export could not be built.' : null,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
    download_url: ready ? `/v1/analytics/exports/${row.id}/download` : null,
  };
}

/** A QR batch ZIP: its format, how many codes and files, the download link once built (valid 24 h). */
export function qrBatchExportView(
  workspaceId: string,
  row: Omit<ViewRow, 'error' | 'finished_at'>,
  now: Date = new Date(),
): QrBatchExportView {
  const expired = row.expires_at !== null && row.expires_at <= now;
  const ready = row.status === 'succeeded' && !expired;
  const ids = row.params.qr_code_ids;
  return {
    id: row.id,
    status: expired ? 'expired' : row.status,
    progress: row.progress,
    format: typeof row.params.format === 'string' ? row.params.format : 'pdf',
    code_count: Array.isArray(ids) ? ids.length : 0,
    file_count: count(row.row_count),
    byte_size: count(row.byte_size),
    error: row.status === 'failed' ? 'The export could not be built.' : null,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    download_url: ready ? `/api/workspaces/${workspaceId}/qr-exports/${row.id}/download` : null,
  };
}

/** The export as its kind's status route returns it, with its `kind` (null for a kind without one). */
export function exportViewOf(
  row: ExportJobRow,
  workspaceId: string,
  now: Date = new Date(),
): Record<string, unknown> | null {
  switch (row.kind) {
    case 'leads_csv':
      return { kind: row.kind, ...leadExportView(row, workspaceId, now) };
    case 'analytics_csv':
      return { kind: row.kind, ...analyticsExportView(row, now) };
    case 'qr_batch':
      return { kind: row.kind, ...qrBatchExportView(workspaceId, row, now) };
    default:
      return null;
  }
}

/** One export of a workspace by id. */
export function findExportJob(
  db: Queryable,
  id: string,
): Promise<(ExportJobRow & { workspace_id: string }) | undefined> {
  return one(db, `SELECT workspace_id, ${EXPORT_VIEW_COLUMNS} FROM export_jobs WHERE id = $1`, [id]);
}
