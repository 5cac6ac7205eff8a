import { z } from 'zod';
import { apiErrorDetailSchema } from '../../../api/api-error-detail';

/** Links per `POST /v1/links/bulk` request (the server refuses more). */
export const BULK_MAX_LINKS = 100;

/** The parts of the answer the import reads; each item is the link created or why it failed. */
export const bulkResultsSchema = z.array(
  z.discriminatedUnion('status', [
    z.object({
      index: z.number().int().min(0),
      status: z.literal('created'),
      link: z.object({ id: z.string(), short_url: z.string() }),
    }),
    z.object({
      index: z.number().int().min(0),
      status: z.literal('failed'),
      error: z.object({ code: z.string(), message: z.string(), details: z.array(apiErrorDetailSchema) }),
    }),
  ]),
);
export type BulkResult = z.infer<typeof bulkResultsSchema>[number];
export type BulkItemError = Extract<BulkResult, { status: 'failed' }>['error'];
