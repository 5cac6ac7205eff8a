import type pg from 'pg';
import type { RedisClient } from '@linkhub/shared/redis/client';
import { pokeWorkspaceMembers as pokeMembers } from '@linkhub/shared/db/pokes';

export type PokeDeps = {
  readonly pool: Pick<pg.Pool, 'query'>;
  readonly redis: RedisClient;
  readonly prefix: string;
};

/** Tells every member's open editors (SSE streams on any sync-server process) to pull now. */
export async function pokeWorkspaceMembers(deps: PokeDeps, workspaceIds: readonly string[]): Promise<void> {
  await pokeMembers({ db: deps.pool, redis: deps.redis, prefix: deps.prefix }, workspaceIds);
}
