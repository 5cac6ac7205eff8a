import type { leads } from '../db/schema/bio-pages';
import type { RowOf } from '../db/row';
import { one, type Queryable } from '../db/sql';
import type { Lead } from '../../schemas/leads';

/**
 * A lead as `/v1/leads` returns it and as `lead.created` / `lead.confirmed` carry it:
 * one row shape, one serializer, so a webhook's data equals the API's resource.
 */
export type LeadRow = RowOf<
  typeof leads,
  | 'id'
  | 'workspaceId'
  | 'pageId'
  | 'blockId'
  | 'email'
  | 'status'
  | 'consentText'
  | 'consentedAt'
  | 'pageRevision'
  | 'confirmedAt'
  | 'unsubscribedAt'
  | 'createdAt'
>;

/** The columns `serializeLead` reads, from `leads l`. */
export const LEAD_COLUMNS = `l.id, l.workspace_id, l.page_id, l.block_id, l.email, l.status, l.consent_text, l.consented_at,
       l.page_revision, l.confirmed_at, l.unsubscribed_at, l.created_at`;

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

export function serializeLead(row: LeadRow): Lead {
  return {
    id: row.id,
    workspace_id: row.workspace_id,
    page_id: row.page_id,
    block_id: row.block_id,
    email: row.email,
    status: row.status,
    consent_text: row.consent_text,
    consented_at: iso(row.consented_at),
    page_revision: row.page_revision,
    confirmed_at: iso(row.confirmed_at),
    unsubscribed_at: iso(row.unsubscribed_at),
    created_at: row.created_at.toISOString(),
  };
}

/** One live (not erased) lead by id. */
export function findLead(db: Queryable, id: string): Promise<LeadRow | undefined> {
  return one<LeadRow>(db, `SELECT ${LEAD_COLUMNS} FROM leads l WHERE l.id = $1 AND l.deleted_at IS NULL`, [
    id,
  ]);
}
