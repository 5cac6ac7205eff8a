import type { Queryable } from '@linkhub/shared/server/db/sql';
import type { Window } from '@linkhub/shared/server/analytics/dashboard-window';

/**
 * Lead sign-ups (confirmed or awaiting confirmation; not unsubscribed ones' removal) in a window and
 * the one before, for the dashboard's "Lead sign-ups" tile: null when the selection has never had a
 * lead (no tile then). Counts only, no address: whoever may see the analytics may see them.
 */
export async function leadTotals(
  db: Queryable,
  workspaceId: string,
  resourceIds: string[] | null,
  current: Window,
  previous: Window,
): Promise<{ current: number; previous: number } | null> {
  const res = await db.query<{ any: boolean; cur: string; prev: string }>(
    `SELECT EXISTS (SELECT 1 FROM leads WHERE workspace_id = $1 AND ($2::uuid[] IS NULL OR page_id = ANY($2::uuid[]))) AS any,
            count(*) FILTER (WHERE created_at >= $3 AND created_at < $4) AS cur,
            count(*) FILTER (WHERE created_at >= $5 AND created_at < $6) AS prev
       FROM leads
      WHERE workspace_id = $1 AND deleted_at IS NULL AND ($2::uuid[] IS NULL OR page_id = ANY($2::uuid[]))
        AND created_at >= $5 AND created_at < $4`,
    [workspaceId, resourceIds, current.from, current.to, previous.from, previous.to],
  );
  const r = res.rows[0];
  if (!r?.any) return null;
  return { current: Number(r.cur), previous: Number(r.prev) };
}
