import { rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { LEAD_COLUMNS, type LeadRow } from '@linkhub/shared/server/leads/lead-view';
import type { Conversions, LeadCounts, LeadListQuery } from '@linkhub/shared/schemas/leads';
import type { ReadScope } from '../../http/caller';
import { cursorColumn, ListSql } from '../../http/list-sql';

export { serializeLead } from '@linkhub/shared/server/leads/lead-view';

export type LeadRecord = LeadRow & { cursor_at: string };

const SELECT = `SELECT ${LEAD_COLUMNS}, ${cursorColumn('l')}
  FROM leads l`;

/** A workspace's leads, newest first; scoped members see the leads of their granted pages only. */
export async function listLeads(db: Queryable, scope: ReadScope, q: LeadListQuery): Promise<LeadRecord[]> {
  const sql = new ListSql('l', { workspaceId: scope.workspaceId, grantedIds: null }).add(
    'l.deleted_at IS NULL',
  );
  if (scope.grantedIds !== null) sql.add('l.page_id = ANY($?::uuid[])', scope.grantedIds);
  if (q.page_id !== undefined) sql.add('l.page_id = $?', q.page_id);
  sql.search(q.q?.toLowerCase(), ['l.email']);
  const tail = sql.cursor(q.cursor).tail(q.limit);
  return rows<LeadRecord>(db, `${SELECT} ${tail}`, sql.values);
}

/** Leads per page by status: the editor's per-page counts (conversions of each page). */
export async function leadCounts(db: Queryable, scope: ReadScope): Promise<LeadCounts[]> {
  const granted = scope.grantedIds === null ? '' : ' AND l.page_id = ANY($2::uuid[])';
  const values: unknown[] =
    scope.grantedIds === null ? [scope.workspaceId] : [scope.workspaceId, scope.grantedIds];
  const counted = await rows<{
    page_id: string;
    total: string;
    confirmed: string;
    pending: string;
    unsubscribed: string;
  }>(
    db,
    `SELECT l.page_id, count(*) AS total,
            count(*) FILTER (WHERE l.status = 'confirmed') AS confirmed,
            count(*) FILTER (WHERE l.status = 'pending') AS pending,
            count(*) FILTER (WHERE l.status = 'unsubscribed') AS unsubscribed
       FROM leads l WHERE l.workspace_id = $1 AND l.deleted_at IS NULL${granted}
      GROUP BY l.page_id ORDER BY l.page_id`,
    values,
  );
  return counted.map((r) => ({
    page_id: r.page_id,
    total: Number(r.total),
    confirmed: Number(r.confirmed),
    pending: Number(r.pending),
    unsubscribed: Number(r.unsubscribed),
  }));
}

/** A page's conversions in a window: its confirmed sign-ups (ever confirmed: unsubscribed ones too), by block. */
export async function pageConversions(
  db: Queryable,
  workspaceId: string,
  pageId: string,
  from: Date,
  to: Date,
): Promise<Conversions> {
  const byBlock = await rows<{ block_id: string | null; n: string }>(
    db,
    `SELECT l.block_id, count(*) AS n FROM leads l
      WHERE l.workspace_id = $1 AND l.page_id = $2 AND l.deleted_at IS NULL AND l.status IN ('confirmed', 'unsubscribed')
        AND coalesce(l.confirmed_at, l.created_at) >= $3 AND coalesce(l.confirmed_at, l.created_at) < $4
      GROUP BY l.block_id ORDER BY count(*) DESC`,
    [workspaceId, pageId, from, to],
  );
  const blocks = byBlock.map((r) => ({ block_id: r.block_id, conversions: Number(r.n) }));
  return {
    page_id: pageId,
    conversions: blocks.reduce((sum, b) => sum + b.conversions, 0),
    by_block: blocks,
  };
}
