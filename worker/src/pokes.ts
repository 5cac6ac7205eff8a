import type pg from 'pg';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import { pokeWorkspaceMembers as pokeMembers } from '@linkhub/shared/server/db/pokes';

export type PokeDeps = {
  readonly pool: Pick<pg.Pool, 'query'>;
  readonly redis: RedisClient;
  readonly prefix: string;
};

/** Tells every member's open editors (SSE streams on any sync-server process) to pull now. */
export async function pokeWorkspaceMembers(deps: PokeDeps, workspaceIds: readonly string[]): Promise<void> {
  await pokeMembers({ db: deps.pool, redis: deps.redis, prefix: deps.prefix }, workspaceIds);
}
