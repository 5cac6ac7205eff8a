import type pg from 'pg';
import { num } from './rollup-source';

export const REALTIME_MINUTES = 30;

export type Realtime = { events: number; visitors: number; since: string };

/** Human events and distinct visitors of the last 30 minutes, from the raw events (a few thousand rows at most per partition index range). */
export async function realtime(
  db: Pick<pg.Pool, 'query'>,
  workspaceId: string,
  resourceIds: string[] | null,
  now: Date = new Date(),
): Promise<Realtime> {
  const since = new Date(now.getTime() - REALTIME_MINUTES * 60_000);
  const res = await db.query<{ events: string; visitors: string }>(
    `SELECT count(*) AS events, count(DISTINCT visitor_hash) AS visitors FROM click_events
      WHERE workspace_id = $1 AND occurred_at >= $3 AND occurred_at <= $4 AND NOT is_bot
        AND ($2::uuid[] IS NULL OR coalesce(parent_resource_id, resource_id) = ANY($2::uuid[]))`,
    [workspaceId, resourceIds, since, now],
  );
  const r = res.rows[0];
  return { events: num(r?.events), visitors: num(r?.visitors), since: since.toISOString() };
}
