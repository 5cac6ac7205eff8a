import type { CacheRefreshTarget } from '@linkhub/shared/jobs/queues';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';

/**
 * Work a command schedules for after its transaction commits (ARCHITECTURE.md#the-life-of-an-offline-edit: commit → cache
 * write-through → enqueue side effects → poke). Nothing here runs if the transaction rolls back.
 * Keyed, so a push of many mutations to one link writes its cache entry and pokes its users once.
 */
export class PostCommitEffects {
  readonly cacheWrites = new Map<string, () => Promise<void>>();
  /** What the worker's cache-refresh job rebuilds again a few seconds later (belt and braces), by cache key. */
  readonly cacheRefreshes = new Map<string, CacheRefreshTarget>();
  /** Keys whose write brings the rows it writes from (a create's RETURNING): nothing to read after commit. */
  readonly writesFromHeldRows = new Set<string>();
  readonly jobs = new Map<string, JobRequest>();
  readonly pokeWorkspaces = new Set<string>();
  readonly pokeUsers = new Set<string>();
  /** A workspace's live members as its authorize load read them: its poke needs no query after commit. */
  readonly membersOf = new Map<string, readonly string[]>();

  /**
   * The latest write for a key wins: it reads committed rows when it runs, so one run covers them
   * all — unless it brings the rows it writes from (`fromHeldRows`); a later write that reads replaces it.
   */
  writeCache(
    key: string,
    write: () => Promise<void>,
    refreshLater?: CacheRefreshTarget,
    fromHeldRows = false,
  ): void {
    this.cacheWrites.delete(key);
    this.cacheWrites.set(key, write);
    if (refreshLater) this.cacheRefreshes.set(key, refreshLater);
    if (fromHeldRows) this.writesFromHeldRows.add(key);
    else this.writesFromHeldRows.delete(key);
  }

  enqueue(job: JobRequest): void {
    this.jobs.set(job.jobId, job);
  }

  poke(target: { workspaceId?: string | null; userId?: string | null }): void {
    if (target.workspaceId) this.pokeWorkspaces.add(target.workspaceId);
    if (target.userId) this.pokeUsers.add(target.userId);
  }

  knowMembers(workspaceId: string, userIds: readonly string[]): void {
    this.membersOf.set(workspaceId, userIds);
  }

  /** Whom the pokes reach without a query, and the workspaces whose members must still be read. */
  pokeTargets(): { users: Set<string>; unknownWorkspaces: string[] } {
    const users = new Set(this.pokeUsers);
    const unknownWorkspaces: string[] = [];
    for (const workspaceId of this.pokeWorkspaces) {
      const members = this.membersOf.get(workspaceId);
      if (members) for (const userId of members) users.add(userId);
      else unknownWorkspaces.push(workspaceId);
    }
    return { users, unknownWorkspaces };
  }

  /** Take over the effects of a transaction that committed. */
  absorb(other: PostCommitEffects): void {
    for (const [key, write] of other.cacheWrites)
      this.writeCache(key, write, other.cacheRefreshes.get(key), other.writesFromHeldRows.has(key));
    for (const job of other.jobs.values()) this.enqueue(job);
    for (const id of other.pokeWorkspaces) this.pokeWorkspaces.add(id);
    for (const id of other.pokeUsers) this.pokeUsers.add(id);
    for (const [workspaceId, userIds] of other.membersOf) this.knowMembers(workspaceId, userIds);
  }
}
