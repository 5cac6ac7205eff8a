import { z } from 'zod';
import { api, ApiError, apiErrorOf } from '../../../api/api';
import { apiErrorDetailSchema } from '../../../api/api-error-detail';
import { platform } from '../../../platform/bridge';
import type { ImportQrCode } from './csv-rows';

/** Codes per `POST /v1/qr-codes/bulk` request (the server refuses more). */
export const BULK_MAX_QR_CODES = 100;

/** The parts of the answer the import reads; each item is the code created or why it failed. */
export const bulkQrResultsSchema = z.array(
  z.discriminatedUnion('status', [
    z.object({
      index: z.number().int().min(0),
      status: z.literal('created'),
      qr_code: z.object({
        id: z.string(),
        short_url: z.string(),
        encoded_text: z.string(),
        slug: z.string(),
      }),
    }),
    z.object({
      index: z.number().int().min(0),
      status: z.literal('failed'),
      error: z.object({ code: z.string(), message: z.string(), details: z.array(apiErrorDetailSchema) }),
    }),
  ]),
);
export type BulkQrResult = z.infer<typeof bulkQrResultsSchema>[number];

/**
 * Creates up to 100 codes with the editor's session. The same idempotency key with the same codes
 * replays the first answer, so resending a batch whose answer was lost creates nothing twice.
 */
export async function createQrCodesInBulk(
  workspaceId: string,
  codes: readonly ImportQrCode[],
  idempotencyKey: string,
): Promise<BulkQrResult[]> {
  const data = await api<unknown>('/v1/qr-codes/bulk', {
    body: { workspace_id: workspaceId, qr_codes: codes },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const parsed = bulkQrResultsSchema.safeParse(data);
  if (!parsed.success) throw new ApiError(200, 'unexpected_response', '', []);
  return parsed.data;
}

export type PrintSheetLayout = { preset: 'table_tent' | 'sticker_50mm' } | { rows: number; columns: number };

/** Fetches the print sheet PDF of the codes and saves it through the bridge (dialog on desktop, download in a browser). */
export async function savePrintSheet(
  workspaceId: string,
  ids: readonly string[],
  paper: 'a4' | 'letter',
  layout: PrintSheetLayout,
): Promise<string> {
  const token = await platform().secureToken.get();
  const response = await fetch('/v1/qr-codes/print-sheet', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'content-type': 'application/json',
      accept: 'application/pdf',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ workspace_id: workspaceId, qr_code_ids: ids, paper, layout }),
  }).catch(() => null);
  if (!response)
    throw new ApiError(0, 'network_error', 'No connection to the server. Try again when you are online.', []);
  if (!response.ok) throw await apiErrorOf(response);
  const name = `qr-print-sheet-${ids.length}-codes-${paper}.pdf`;
  const result = await platform().saveFile({
    suggestedName: name,
    mime: 'application/pdf',
    bytes: new Uint8Array(await response.arrayBuffer()),
  });
  return result.saved ? `Saved ${name}${result.path ? ` to ${result.path}` : ''}.` : 'Download cancelled.';
}
