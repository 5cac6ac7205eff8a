import { z } from 'zod';
import { uuidSchema } from '@linkhub/shared/schemas/common';
import { createLinkInputSchema, linkSchema } from '@linkhub/shared/schemas/links';

/** Links per `POST /v1/links/bulk` request: one transaction, one rate-limit hit. */
export const BULK_MAX_LINKS = 100;

/** The body around the items; `item` is the `POST /v1/links` body (documented) or anything (at the door). */
function bulkBody<I extends z.ZodType>(item: I) {
  return z.strictObject({
    /** Required with a session; with an API key it may be left out, and must be the key's workspace when given. */
    workspace_id: uuidSchema.optional(),
    links: z.array(item).min(1).max(BULK_MAX_LINKS),
  });
}

/** `POST /v1/links/bulk` as documented: every item is exactly a `POST /v1/links` body. */
export const bulkCreateLinksInputSchema = bulkBody(createLinkInputSchema);

/**
 * What the door parses as a whole: the envelope strictly, the items not yet — an invalid item fails
 * that item only (parsed one by one with `createLinkInputSchema`), never the request.
 */
export const bulkCreateLinksEnvelopeSchema = bulkBody(z.unknown());

/** Why one item of a bulk request failed: the error envelope's fields without the request's id. */
export const bulkItemErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  details: z.array(z.looseObject({ field: z.string(), issue: z.string() })),
});

/** One entry of `data`, in request order: the created link (as `POST /v1/links` returns it) or why that item failed. */
export const bulkLinkResultSchema = z.discriminatedUnion('status', [
  z.object({ index: z.number().int().min(0), status: z.literal('created'), link: linkSchema }),
  z.object({ index: z.number().int().min(0), status: z.literal('failed'), error: bulkItemErrorSchema }),
]);
export type BulkLinkResult = z.infer<typeof bulkLinkResultSchema>;

export const bulkLinkResultsSchema = z.array(bulkLinkResultSchema);

export const bulkLinksMetaSchema = z.object({
  created: z.number().int().min(0),
  failed: z.number().int().min(0),
});
