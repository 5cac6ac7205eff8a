import {
  importRowResultSchema,
  type ImportRowResult,
  type ImportRowStatus,
} from '@linkhub/shared/imports/api';
import type { ImportSource } from '@linkhub/shared/imports/sources';
import { api, ApiError } from '../../../api/api';

/** Sends another product's export to `POST /v1/imports` with the editor's session; a dry run creates nothing. */
export async function importFromPeer(
  workspaceId: string,
  source: ImportSource,
  content: string,
  dryRun: boolean,
): Promise<ImportRowResult[]> {
  const data = await api<unknown>('/v1/imports', {
    body: { workspace_id: workspaceId, source, content, dry_run: dryRun },
  });
  const parsed = importRowResultSchema.array().safeParse(data);
  if (!parsed.success) throw new ApiError(200, 'unexpected_response', '', []);
  return parsed.data;
}

/** What each row's result means to the person importing. */
export const ROW_STATUS_TEXT: Record<ImportRowStatus, string> = {
  would_create: 'Will be created',
  created: 'Created',
  unchanged: 'Already here',
  conflict: 'Address taken',
  invalid: 'Cannot be read',
  failed: 'Refused',
};

/** "12 will be created, 3 already here" — the counts that are not zero, in a fixed order. */
export function resultSummary(rows: readonly ImportRowResult[]): string {
  const counts = new Map<ImportRowStatus, number>();
  for (const row of rows) counts.set(row.status, (counts.get(row.status) ?? 0) + 1);
  const order: ImportRowStatus[] = ['would_create', 'created', 'unchanged', 'conflict', 'invalid', 'failed'];
  return order
    .filter((status) => (counts.get(status) ?? 0) > 0)
    .map((status) => `${counts.get(status)} ${ROW_STATUS_TEXT[status].toLowerCase()}`)
    .join(', ');
}
