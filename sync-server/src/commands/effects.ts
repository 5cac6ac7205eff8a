/**
 * Work a command schedules for after its transaction commits (DESIGN §5: commit → cache
 * write-through → enqueue side effects → poke). Nothing here runs if the transaction rolls back.
 */
export type JobRequest = { queue: string; name: string; data: Record<string, unknown>; jobId: string };

export class PostCommitEffects {
  readonly cacheWrites: Array<() => Promise<void>> = [];
  readonly jobs: JobRequest[] = [];
  readonly pokeWorkspaces = new Set<string>();
  readonly pokeUsers = new Set<string>();

  writeCache(write: () => Promise<void>): void {
    this.cacheWrites.push(write);
  }

  enqueue(job: JobRequest): void {
    this.jobs.push(job);
  }

  poke(target: { workspaceId?: string | null; userId?: string | null }): void {
    if (target.workspaceId) this.pokeWorkspaces.add(target.workspaceId);
    if (target.userId) this.pokeUsers.add(target.userId);
  }
}
