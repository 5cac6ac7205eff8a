import type { workspaceMembers } from './schema/workspaces';
import type { RowOf } from './row';
import type { RedisClient } from '../redis/client';
import { pokeChannel } from '../../cache/keys';
import { rows, type Queryable } from './sql';

/** Tells each user's open editors (SSE streams on any sync-server process) to pull now. */
export async function pokeUsers(
  redis: RedisClient,
  prefix: string,
  userIds: Iterable<string>,
): Promise<void> {
  await Promise.all([...new Set(userIds)].map((userId) => redis.publish(pokeChannel(prefix, userId), '1')));
}

/** Pokes every live member of the workspaces, and `alsoUsers` (one publish per user). */
export async function pokeWorkspaceMembers(
  deps: { db: Queryable; redis: RedisClient; prefix: string },
  workspaceIds: Iterable<string>,
  alsoUsers: Iterable<string> = [],
): Promise<void> {
  const ids = [...workspaceIds];
  const members =
    ids.length === 0
      ? []
      : await rows<RowOf<typeof workspaceMembers, 'userId'>>(
          deps.db,
          'SELECT DISTINCT user_id FROM workspace_members WHERE workspace_id = ANY($1::uuid[]) AND deleted_at IS NULL',
          [ids],
        );
  await pokeUsers(deps.redis, deps.prefix, [...alsoUsers, ...members.map((m) => m.user_id)]);
}
