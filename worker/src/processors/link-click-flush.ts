import type pg from 'pg';
import { linkClicksKey } from '@linkhub/shared/cache/keys';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { pokeWorkspaceMembers } from '../pokes';
import type { Processor } from './processor';

export type LinkClickFlushResult = { links: number; flushed: number; ended: number };

/** The capped links still open: the only counters worth reading (a partial index holds them). */
const OPEN_CAPPED_SQL = `
SELECT l.id, d.hostname AS host FROM links l JOIN custom_domains d ON d.id = l.domain_id
 WHERE l.max_clicks IS NOT NULL AND l.click_limit_reached_at IS NULL AND l.deleted_at IS NULL
 ORDER BY l.id LIMIT $1`;

/**
 * Only a count that moved is written (the row version, and so every editor's pull, moves with it);
 * the count never goes back; a count at the cap ends the link and says why.
 */
const FLUSH_SQL = `
UPDATE links l SET click_count = v.n,
       click_limit_reached_at = CASE WHEN l.max_clicks IS NOT NULL AND v.n >= l.max_clicks THEN now() END
  FROM unnest($1::uuid[], $2::bigint[]) AS v(id, n)
 WHERE l.id = v.id AND v.n > l.click_count
RETURNING l.workspace_id, l.click_limit_reached_at IS NOT NULL AS ended`;

const BATCH = 500;
const MAX_LINKS = 20_000;

/**
 * A capped link's visits are counted by the edges in Redis (`lc:{host}:{id}`, one atomic counter);
 * this copies the counts into `links.click_count` — what REST and the editor show, and what seeds the
 * counter again if the queue Redis ever loses it — and ends the links whose cap is used up (D-616).
 */
export async function flushLinkClicks(deps: {
  pool: Pick<pg.Pool, 'query'>;
  redis: RedisClient;
  prefix: string;
}): Promise<LinkClickFlushResult> {
  const open = await deps.pool.query<{ id: string; host: string }>(OPEN_CAPPED_SQL, [MAX_LINKS]);
  let flushed = 0;
  let ended = 0;
  const touched = new Set<string>();
  for (let at = 0; at < open.rows.length; at += BATCH) {
    const chunk = open.rows.slice(at, at + BATCH);
    const counts = await Promise.all(
      chunk.map((row) => deps.redis.get(linkClicksKey(deps.prefix, row.host, row.id))),
    );
    const ids: string[] = [];
    const values: string[] = [];
    chunk.forEach((row, i) => {
      const n = Number(counts[i]);
      if (counts[i] !== null && Number.isSafeInteger(n) && n > 0) {
        ids.push(row.id);
        values.push(String(n));
      }
    });
    if (ids.length === 0) continue;
    const written = await deps.pool.query<{ workspace_id: string; ended: boolean }>(FLUSH_SQL, [ids, values]);
    flushed += written.rows.length;
    for (const row of written.rows) {
      touched.add(row.workspace_id);
      if (row.ended) ended += 1;
    }
  }
  if (touched.size > 0) await pokeWorkspaceMembers(deps, [...touched]);
  return { links: open.rows.length, flushed, ended };
}

export const linkClickFlush: Processor<'link-click-flush'> = (_data, _job, deps) =>
  flushLinkClicks({ pool: deps.pool, redis: deps.redis, prefix: deps.config.REDIS_PREFIX });
