import {
  historyEntrySchema,
  type HistoryEntry,
  type HistoryResourceType,
} from '@linkhub/shared/schemas/history';
import { z } from 'zod';
import { apiEnvelope } from '../../api/api';

/** One page of a resource's history, newest first (fetched when online; not in the Replicache store). */
export async function fetchHistory(
  workspaceId: string,
  type: HistoryResourceType,
  id: string,
  cursor: string | null,
): Promise<{ entries: HistoryEntry[]; nextCursor: string | null }> {
  const query = new URLSearchParams({ resource_type: type, resource_id: id, limit: '30' });
  if (cursor) query.set('cursor', cursor);
  const { data, meta } = await apiEnvelope<unknown>(
    `/api/workspaces/${workspaceId}/history?${query.toString()}`,
  );
  return { entries: z.array(historyEntrySchema).parse(data), nextCursor: meta.next_cursor ?? null };
}
