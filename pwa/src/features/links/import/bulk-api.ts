import { z } from 'zod';
import { api, ApiError } from '../../../api/api';
import { apiErrorDetailSchema } from '../../../api/api-error-detail';
import type { ImportLink } from './csv-rows';

/** Links per `POST /v1/links/bulk` request (the server refuses more). */
export const BULK_MAX_LINKS = 100;

/** The parts of the answer the import reads; each item is the link created or why it failed. */
const bulkResultsSchema = z.array(
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

/**
 * Creates up to 100 links in the workspace with the editor's session. The same idempotency key with
 * the same links replays the first answer, so resending a batch whose answer was lost creates nothing twice.
 */
export async function createLinksInBulk(
  workspaceId: string,
  links: readonly ImportLink[],
  idempotencyKey: string,
): Promise<BulkResult[]> {
  const data = await api<unknown>('/v1/links/bulk', {
    body: { workspace_id: workspaceId, links },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const parsed = bulkResultsSchema.safeParse(data);
  if (!parsed.success) throw new ApiError(200, 'unexpected_response', '', []);
  return parsed.data;
}
