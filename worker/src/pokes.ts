import type pg from 'pg';
import type { Redis } from 'ioredis';
import { pokeChannel } from '@linkhub/shared/cache/keys';

export type PokeDeps = { readonly pool: Pick<pg.Pool, 'query'>; readonly redis: Redis; readonly prefix: string };

/** Tells every member's open editors (SSE streams on any sync-server process) to pull now. */
export async function pokeWorkspaceMembers(deps: PokeDeps, workspaceIds: readonly string[]): Promise<void> {
  if (workspaceIds.length === 0) return;
  const { rows } = await deps.pool.query<{ user_id: string }>(
    'SELECT DISTINCT user_id FROM workspace_members WHERE workspace_id = ANY($1::uuid[]) AND deleted_at IS NULL',
    [[...workspaceIds]],
  );
  await Promise.all(rows.map((r) => deps.redis.publish(pokeChannel(deps.prefix, r.user_id), '1')));
}
