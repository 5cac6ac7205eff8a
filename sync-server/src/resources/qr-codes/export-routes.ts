import type { RowOf } from '@linkhub/shared/server/db/row';
import type { exportJobs } from '@linkhub/shared/server/db/schema/analytics';
import { Hono, type Context } from 'hono';
import { GoneError, NotFoundError } from '@linkhub/shared/errors/app-error';
import { qrBatchExportView } from '@linkhub/shared/server/exports/export-view';
import { qrBatchExportInputSchema } from '@linkhub/shared/schemas/qr-exports';
import { assertWithinPixelBudget } from '@linkhub/shared/qr/pixel-budget';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import { parseBody, uuidParam } from '../../http/session-context';
import { one } from '@linkhub/shared/server/db/sql';
import { requireAllowed } from '../../kernel/authorize-input';
import { actorOf, sessionUserOf } from '../../http/session';

type ExportRow = RowOf<
  typeof exportJobs,
  'id' | 'status' | 'progress' | 'params' | 'storageKey' | 'createdAt' | 'expiresAt'
> & {
  /** bigint columns: pg returns them as strings where the schema infers numbers (D-551). */
  row_count: string | null;
  byte_size: string | null;
};
const COLUMNS = 'id, status, progress, params, row_count, byte_size, storage_key, created_at, expires_at';

/** The API view of a QR batch export: one serializer with the `export.finished` webhook. */
const view = (ws: string, row: ExportRow, now = new Date()) => qrBatchExportView(ws, row, now);

/**
 * `/api/workspaces/:workspaceId/qr-exports` (session): start a QR batch export of chosen codes
 * (every code is authorised with `qr_code.render`, so an ungranted or foreign code answers 404),
 * read its progress, and download the ZIP. An export is visible only to the member who started it.
 */
export function qrExportRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const find = async (c: Context<AppEnv>) => {
    const ws = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    await requireAllowed(deps.pool, actor, ws, 'qr_code.list');
    const user = sessionUserOf(actor);
    const row = await one<ExportRow>(
      deps.pool,
      `SELECT ${COLUMNS} FROM export_jobs WHERE id = $1 AND workspace_id = $2 AND kind = 'qr_batch' AND requested_by_user_id = $3`,
      [uuidParam(c, 'id'), ws, user.user.id],
    );
    if (!row) throw new NotFoundError();
    return { ws, row };
  };

  app.post('/:workspaceId/qr-exports', async (c) => {
    const ws = uuidParam(c, 'workspaceId');
    const actor = await actorOf(c, deps);
    await requireAllowed(deps.pool, actor, ws, 'qr_code.list');
    const user = sessionUserOf(actor);
    const input = await parseBody(c, qrBatchExportInputSchema);
    assertWithinPixelBudget(input.format, input.size_mm, input.dpi ?? 300);
    const ids = [...new Set(input.qr_code_ids.map((id) => id.toLowerCase()))];
    for (const id of ids)
      await requireAllowed(deps.pool, actor, ws, 'qr_code.render', { type: 'qr_code', id });
    const params = {
      qr_code_ids: ids,
      format: input.format,
      size_mm: input.size_mm,
      ...(input.dpi === undefined ? {} : { dpi: input.dpi }),
    };
    const row = await one<ExportRow>(
      deps.pool,
      `INSERT INTO export_jobs (workspace_id, requested_by_user_id, kind, params) VALUES ($1, $2, 'qr_batch', $3) RETURNING ${COLUMNS}`,
      [ws, user.user.id, JSON.stringify(params)],
    );
    if (!row) throw new Error('export insert returned no row');
    await deps.jobs.enqueue({
      queue: 'export',
      name: 'qr_batch',
      jobId: `export-${row.id}`,
      data: { workspace_id: ws, export_id: row.id, kind: 'qr_batch' },
    });
    return c.json({ data: view(ws, row), meta: {} }, 202);
  });

  app.get('/:workspaceId/qr-exports/:id', async (c) => {
    const { ws, row } = await find(c);
    return c.json({ data: view(ws, row), meta: {} });
  });

  app.get('/:workspaceId/qr-exports/:id/download', async (c) => {
    const { row } = await find(c);
    const expired = row.status === 'expired' || (row.expires_at !== null && row.expires_at <= new Date());
    if (expired)
      throw new GoneError('gone', { message: 'This download link has expired; start a new export.' });
    if (row.status !== 'succeeded' || row.storage_key === null)
      throw new NotFoundError({ message: 'This export is not ready yet.' });
    // The store the worker wrote to (local folder or S3, per ARTIFACT_STORE), streamed through.
    const stored = await deps.artifacts.stream(row.storage_key);
    if (stored === null)
      throw new GoneError('gone', { message: 'This export is no longer stored; start a new export.' });
    return new Response(stored.body, {
      status: 200,
      headers: {
        'Content-Type': 'application/zip',
        'Content-Length': String(stored.byteSize),
        'Content-Disposition': `attachment; filename="linkhub-qr-codes-${row.created_at.toISOString().slice(0, 10)}-${row.id.slice(-8)}.zip"`,
        'Cache-Control': 'private, no-store',
      },
    });
  });
  return app;
}
