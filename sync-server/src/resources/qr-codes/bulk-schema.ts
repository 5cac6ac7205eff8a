import { z } from 'zod';
import { uuidSchema } from '@linkhub/shared/schemas/common';
import { createQrCodeInputSchema, qrCodeSchema } from '@linkhub/shared/schemas/qr-codes';
import { BULK_MAX_LINKS, bulkItemErrorSchema } from '../links';

/** Codes per `POST /v1/qr-codes/bulk` request: the links bulk limit (one transaction, one rate-limit hit). */
export const BULK_MAX_QR_CODES = BULK_MAX_LINKS;

/** The body around the items; `item` is the `POST /v1/qr-codes` body (documented) or anything (at the door). */
function bulkBody<I extends z.ZodType>(item: I) {
  return z.strictObject({
    /** Required with a session; with an API key it may be left out, and must be the key's workspace when given. */
    workspace_id: uuidSchema.optional(),
    /** A brand kit (D-577) for every item that names none of its own. */
    brand_kit_id: uuidSchema.optional(),
    qr_codes: z.array(item).min(1).max(BULK_MAX_QR_CODES),
  });
}

/** `POST /v1/qr-codes/bulk` as documented: every item is exactly a `POST /v1/qr-codes` body. */
export const bulkCreateQrCodesInputSchema = bulkBody(createQrCodeInputSchema);

/**
 * What the door parses as a whole: the envelope strictly, the items not yet — an invalid item fails
 * that item only (parsed one by one with `createQrCodeInputSchema`), never the request.
 */
export const bulkCreateQrCodesEnvelopeSchema = bulkBody(z.unknown());

/** One entry of `data`, in request order: the created code (as `POST /v1/qr-codes` returns it) or why that item failed. */
export const bulkQrCodeResultSchema = z.discriminatedUnion('status', [
  z.object({ index: z.number().int().min(0), status: z.literal('created'), qr_code: qrCodeSchema }),
  z.object({ index: z.number().int().min(0), status: z.literal('failed'), error: bulkItemErrorSchema }),
]);
export type BulkQrCodeResult = z.infer<typeof bulkQrCodeResultSchema>;

export const bulkQrCodeResultsSchema = z.array(bulkQrCodeResultSchema);

export const bulkQrCodesMetaSchema = z.object({
  created: z.number().int().min(0),
  failed: z.number().int().min(0),
});
