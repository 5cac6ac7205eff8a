import { z } from 'zod';
import { QR_EXPORT_FORMATS, QR_PRINT_SIZE_MM } from './qr-codes';

/**
 * QR batch exports (the worker's `qr_batch` export job): many print files in one ZIP with a
 * `manifest.csv`. `POST /api/workspaces/{ws}/qr-exports` takes this body; the row's params are
 * exactly what the worker's `qrBatchParamsSchema` reads.
 */
/** The editor's selection limit; the worker itself takes up to 5,000 ids (or the whole workspace). */
export const MAX_QR_BATCH_CODES = 500;

export const qrBatchExportInputSchema = z.strictObject({
  qr_code_ids: z.array(z.uuid()).min(1).max(MAX_QR_BATCH_CODES),
  format: z.enum(QR_EXPORT_FORMATS).default('pdf'),
  size_mm: z.number().min(QR_PRINT_SIZE_MM.min).max(QR_PRINT_SIZE_MM.max).default(30),
  dpi: z.union([z.literal(300), z.literal(600)]).optional(),
});
export type QrBatchExportInput = z.infer<typeof qrBatchExportInputSchema>;

export const qrBatchExportViewSchema = z.object({
  id: z.string(),
  status: z.enum(['queued', 'running', 'succeeded', 'failed', 'expired']),
  /** 0–100 */
  progress: z.number(),
  format: z.string(),
  code_count: z.number().int(),
  /** Files in the ZIP once built (refused designs are listed in the manifest instead). */
  file_count: z.number().int().nullable(),
  byte_size: z.number().int().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  download_url: z.string().nullable(),
});
export type QrBatchExportView = z.infer<typeof qrBatchExportViewSchema>;
