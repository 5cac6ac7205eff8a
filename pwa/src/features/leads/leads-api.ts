import { z } from 'zod';
import { leadCountsSchema, leadSchema, type Lead, type LeadCounts } from '@linkhub/shared/schemas/leads';
import { api, apiEnvelope } from '../../api/api';

/**
 * Leads are read through the session routes `/v1/leads…`, not synced through Replicache: they are
 * personal data (docs/product-rules.md#personal-data), so they stay off devices (no IndexedDB copy to wipe on sign-out or
 * a lost laptop), and erasure has one place to remove them from. The screen needs a connection.
 */
export type LeadPage = { leads: Lead[]; nextCursor: string | null };

export function leadsPath(
  workspaceId: string,
  opts: { pageId?: string | null; q?: string; cursor?: string | null } = {},
): string {
  const query = new URLSearchParams({ workspace_id: workspaceId });
  if (opts.pageId) query.set('page_id', opts.pageId);
  const q = opts.q?.trim();
  if (q) query.set('q', q);
  if (opts.cursor) query.set('cursor', opts.cursor);
  return `/v1/leads?${query.toString()}`;
}

export async function fetchLeads(
  workspaceId: string,
  opts: { pageId?: string | null; q?: string; cursor?: string | null } = {},
): Promise<LeadPage> {
  const { data, meta } = await apiEnvelope<unknown>(leadsPath(workspaceId, opts));
  return { leads: z.array(leadSchema).parse(data), nextCursor: meta.next_cursor ?? null };
}

export async function fetchLeadCounts(workspaceId: string): Promise<LeadCounts[]> {
  return z
    .array(leadCountsSchema)
    .parse(await api<unknown>(`/v1/leads/counts?workspace_id=${encodeURIComponent(workspaceId)}`));
}

/** Erasure: the address goes from the database, queued sign-ups and webhook deliveries. */
export async function eraseLead(workspaceId: string, leadId: string): Promise<void> {
  await api<unknown>(
    `/v1/leads/${encodeURIComponent(leadId)}?workspace_id=${encodeURIComponent(workspaceId)}`,
    { method: 'DELETE' },
  );
}
