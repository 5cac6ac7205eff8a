import type { exportJobs } from '@linkhub/shared/server/db/schema/analytics';
import type { qrCodes } from '@linkhub/shared/server/db/schema/qr-codes';
import type { RowOf } from '@linkhub/shared/server/db/row';
import { zipSync, type Zippable } from 'fflate';
import type pg from 'pg';
import type { QrDpi, QrFormat } from '@linkhub/shared/server/qr/render/index';
import { z } from 'zod';
import { QR_EXPORT_FORMATS } from '@linkhub/shared/schemas/qr-codes';
import { csvLine } from '@linkhub/shared/analytics/csv';
import {
  ensureQrArtifact,
  QrArtifactMissingError,
  QrArtifactRefusedError,
} from '@linkhub/shared/server/artifacts/qr-artifacts';
import type { ArtifactStore } from '@linkhub/shared/server/artifacts/store';
import type { AddressOf } from '@linkhub/shared/url/public-address';

/** `export_jobs.params` of a `qr_batch` export: which codes, in which format and size. */
export const qrBatchParamsSchema = z.object({
  /** Omitted: every live QR code of the workspace. */
  qr_code_ids: z.array(z.uuid()).min(1).max(5_000).optional(),
  format: z.enum(QR_EXPORT_FORMATS).default('pdf'),
  // Wider than the request's 10 mm (QR_PRINT_SIZE_MM): rows queued before D-453 still build.
  size_mm: z.number().min(5).max(1_000).default(30),
  dpi: z.union([z.literal(300), z.literal(600)]).optional(),
  bleed_mm: z.number().min(0).max(10).optional(),
});
export type QrBatchParams = z.infer<typeof qrBatchParamsSchema>;

export const MANIFEST_COLUMNS = [
  'slug',
  'short_url',
  'title',
  'file',
  'format',
  'size_mm',
  'design_revision',
  'sha256',
  'status',
  'problem',
] as const;

export type QrBatchResult = {
  readonly storageKey: string;
  readonly byteSize: number;
  readonly files: number;
  readonly refused: number;
  readonly missing: number;
};

export type QrBatchDeps = {
  readonly pool: pg.Pool;
  readonly store: ArtifactStore;
  readonly addressOf: AddressOf;
};

/**
 * Renders many codes into one ZIP with `manifest.csv` (docs/product-rules.md#qr-codes; e.g. 500 table tents):
 * each file is the code's validated artifact (reused when already rendered); a code whose design does
 * not scan is listed in the manifest as refused instead of aborting the batch. `onProgress` gets 0–100.
 */
export async function buildQrBatch(
  deps: QrBatchDeps,
  workspaceId: string,
  exportId: string,
  params: QrBatchParams,
  onProgress: (percent: number) => Promise<void> = async () => {},
): Promise<QrBatchResult> {
  const { rows } =
    params.qr_code_ids === undefined
      ? await deps.pool.query<{ id: string }>(
          `SELECT id FROM qr_codes WHERE workspace_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
          [workspaceId],
        )
      : await deps.pool.query<{ id: string }>(
          `SELECT id FROM qr_codes WHERE workspace_id = $1 AND deleted_at IS NULL AND id = ANY($2::uuid[]) ORDER BY created_at, id`,
          [workspaceId, params.qr_code_ids],
        );
  const format: QrFormat = params.format;
  const files: Zippable = {};
  let manifest = csvLine(MANIFEST_COLUMNS);
  let refused = 0;
  let lastReported = -1;
  const found = new Set(rows.map((r) => r.id));
  const missing = (params.qr_code_ids ?? []).filter((id) => !found.has(id));
  for (const id of missing)
    manifest += csvLine([
      '',
      '',
      '',
      '',
      format,
      params.size_mm,
      null,
      '',
      'missing',
      `no live QR code ${id} in this workspace`,
    ]);

  for (const [index, { id }] of rows.entries()) {
    try {
      const a = await ensureQrArtifact(deps, {
        qrCodeId: id,
        format,
        sizeMm: params.size_mm,
        ...(params.dpi === undefined ? {} : { dpi: params.dpi satisfies QrDpi }),
        ...(params.bleed_mm === undefined ? {} : { bleedMm: params.bleed_mm }),
      });
      const bytes = await deps.store.get(a.storageKey);
      if (bytes === null) throw new Error(`artifact ${a.storageKey} vanished from the store`);
      let name = `${a.slug}.${format}`;
      for (let k = 2; name in files; k++) name = `${a.slug}-${k}.${format}`;
      // PNG and PDF are compressed already; SVG and EPS are text and shrink well.
      files[name] = [bytes, { level: format === 'svg' || format === 'eps' ? 6 : 0 }];
      manifest += csvLine([
        a.slug,
        a.shortUrl,
        a.title,
        name,
        format,
        params.size_mm,
        a.designRevision,
        a.sha256,
        'ok',
        '',
      ]);
    } catch (error) {
      if (error instanceof QrArtifactRefusedError) {
        refused++;
        const problem = error.refusal.details.map((d) => `${d.field}: ${d.issue}`).join('; ');
        const { rows: info } = await deps.pool.query<RowOf<typeof qrCodes, 'slug' | 'title'>>(
          `SELECT slug, title FROM qr_codes WHERE id = $1`,
          [id],
        );
        manifest += csvLine([
          info[0]?.slug ?? '',
          '',
          info[0]?.title ?? null,
          '',
          format,
          params.size_mm,
          null,
          '',
          'refused',
          problem,
        ]);
      } else if (error instanceof QrArtifactMissingError) {
        manifest += csvLine(['', '', '', '', format, params.size_mm, null, '', 'missing', error.message]);
      } else {
        throw error;
      }
    }
    const percent = Math.floor(((index + 1) / Math.max(1, rows.length)) * 95);
    if (percent >= lastReported + 5) {
      lastReported = percent;
      await onProgress(percent);
    }
  }
  files['manifest.csv'] = [new TextEncoder().encode(manifest), { level: 6 }];
  const zip = zipSync(files, { mtime: new Date('2020-01-01T00:00:00Z') });
  const storageKey = `exports/${workspaceId}/${exportId}.zip`;
  await deps.store.put(storageKey, zip, 'application/zip');
  await onProgress(100);
  return {
    storageKey,
    byteSize: zip.byteLength,
    files: rows.length - refused,
    refused,
    missing: missing.length,
  };
}

/** Runs the `export_jobs` row of a `qr_batch` export: running → progress → succeeded (or failed). */
export async function runQrBatchExport(
  deps: QrBatchDeps,
  workspaceId: string,
  exportId: string,
  onProgress: (percent: number) => Promise<void> = async () => {},
): Promise<QrBatchResult> {
  const { rows } = await deps.pool.query<RowOf<typeof exportJobs, 'workspaceId' | 'params' | 'kind'>>(
    `UPDATE export_jobs SET status = 'running', started_at = now(), progress = 0, error = NULL
      WHERE id = $1 AND workspace_id = $2 AND kind = 'qr_batch' RETURNING workspace_id, params, kind`,
    [exportId, workspaceId],
  );
  const job = rows[0];
  if (job === undefined)
    throw new QrArtifactMissingError(`no qr_batch export ${exportId} in workspace ${workspaceId}`);
  try {
    const params = qrBatchParamsSchema.parse(job.params);
    const result = await buildQrBatch(deps, job.workspace_id, exportId, params, async (percent) => {
      await deps.pool.query(`UPDATE export_jobs SET progress = $2 WHERE id = $1`, [
        exportId,
        Math.min(99, percent),
      ]);
      await onProgress(percent);
    });
    await deps.pool.query(
      `UPDATE export_jobs SET status = 'succeeded', progress = 100, row_count = $2, storage_key = $3, content_type = 'application/zip',
              byte_size = $4, finished_at = now(), expires_at = now() + interval '7 days' WHERE id = $1`,
      [exportId, result.files, result.storageKey, result.byteSize],
    );
    return result;
  } catch (error) {
    const message =
      error instanceof z.ZodError
        ? 'invalid export parameters'
        : error instanceof Error
          ? error.message
          : 'export failed';
    await deps.pool.query(
      `UPDATE export_jobs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1`,
      [exportId, message.slice(0, 500)],
    );
    throw error;
  }
}
