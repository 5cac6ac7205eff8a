import { api, ApiError } from '../../../api/api';
import type { ImportLink } from './csv-rows';
import { bulkResultsSchema, type BulkResult } from './bulk-results';

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
