import { PostCommitEffects } from '../commands/effects';
import type { CommandRunner } from '../commands/runner';

/** Concurrent cache write-throughs of one batch: a few pooled connections, never the whole pool. */
export const WRITE_THROUGH_LANES = 4;

/**
 * A batch's post-commit effects with its cache write-throughs spread over `lanes` concurrent
 * flushes: the runner writes them one after another, so a bulk request of 100 links waited for 100
 * serial (SELECT, SET) pairs. The order of the design still holds — every write-through, then the
 * jobs, then the pokes — and each job and poke runs once.
 */
export async function flushInLanes(
  runner: CommandRunner,
  effects: PostCommitEffects,
  lanes = WRITE_THROUGH_LANES,
): Promise<void> {
  const writes = Array.from({ length: lanes }, () => new PostCommitEffects());
  let next = 0;
  for (const [key, write] of effects.cacheWrites)
    writes[next++ % lanes]?.writeCache(key, write, effects.cacheRefreshes.get(key));
  await Promise.all(writes.filter((lane) => lane.cacheWrites.size > 0).map((lane) => runner.flush(lane)));
  const rest = new PostCommitEffects();
  for (const job of effects.jobs.values()) rest.enqueue(job);
  for (const workspaceId of effects.pokeWorkspaces) rest.poke({ workspaceId });
  for (const userId of effects.pokeUsers) rest.poke({ userId });
  await runner.flush(rest);
}
