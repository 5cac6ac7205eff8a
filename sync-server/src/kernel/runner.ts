import type { CacheRefreshTarget } from '@linkhub/shared/jobs/queues';
import { NotFoundError, ValidationError } from '@linkhub/shared/errors/app-error';
import { jsonBoundsIssue } from '@linkhub/shared/schemas/json-bounds';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import { PostCommitEffects } from './effects';
import { cacheRefreshJob } from './redirect-cache';
import type { ResolveHost } from './destination-safety';
import { SystemHosts } from './system-hosts';
import type {
  Command,
  CommandActor,
  CommandContext,
  CommandDeps,
  CommandResult,
  CommandStep,
  TxScope,
} from './types';
import type { CommandRegistry } from './registry';
import { authorizeMutation } from './authorization';
import { deliverAfterCommit, enqueueAfterCommit, writeThrough, type PostCommitDeps } from './post-commit';
import { PendingWork } from './pending-work';
import { describeRefused } from './refused-subject';

export { CACHE_REFRESH_DELAY_MS } from './post-commit';

export type { TxScope } from './types';

export type RunnerDeps = PostCommitDeps & {
  hosts: CommandContext['hosts'];
  resolveHost: ResolveHost;
  addressOf: CommandContext['addressOf'];
  /** What the commands use beyond their transaction (their `ctx.deps`). */
  commandDeps: CommandDeps;
};

/**
 * The one command layer (ARCHITECTURE.md#the-life-of-an-offline-edit), shared by Replicache push and the /v1 REST API:
 * zod parse → authorize (inside the command) → one transaction → commit → cache write-through →
 * enqueue side effects → poke every affected user.
 */
export class CommandRunner {
  private readonly systemHosts = new SystemHosts();
  private readonly pending: PendingWork;

  constructor(
    private readonly deps: RunnerDeps,
    private readonly registry: CommandRegistry,
  ) {
    this.pending = new PendingWork((error) =>
      deps.logger.error({ err: errorMessage(error) }, 'post-commit delivery failed'),
    );
  }

  /**
   * One transaction; its post-commit effects run only after COMMIT succeeded — at once, or, with a
   * `batch`, when the caller flushes the batch (a push flushes once after all its mutations).
   */
  async inTransaction<T>(fn: (scope: TxScope) => Promise<T>, batch?: PostCommitEffects): Promise<T> {
    const effects = new PostCommitEffects();
    const result = await withTransaction(this.deps.pool, (tx) => fn({ tx, effects }));
    if (batch) batch.absorb(effects);
    else await this.flush(effects);
    return result;
  }

  /** Parse and run one step inside the caller's transaction. */
  run(scope: TxScope, by: CommandActor, step: CommandStep, requestId: string | null): Promise<CommandResult> {
    return this.runCommand(scope, by, this.registry.registered(step.command), step.args, requestId);
  }

  /**
   * Parse and run the command a pushed mutation names (its name is data from the client) inside the
   * caller's transaction. Unknown names are refused like bad input.
   */
  runNamed(
    scope: TxScope,
    by: CommandActor,
    name: string,
    rawArgs: unknown,
    requestId: string | null,
  ): Promise<CommandResult> {
    const command = this.registry.named(name);
    if (!command)
      throw new NotFoundError({
        message: `Unknown mutation ${name}`,
        details: [{ field: 'name', issue: 'unknown_mutation' }],
      });
    return this.runCommand(scope, by, command, rawArgs, requestId);
  }

  private async runCommand(
    scope: TxScope,
    by: CommandActor,
    command: Command,
    rawArgs: unknown,
    requestId: string | null,
  ): Promise<CommandResult> {
    const bounds = jsonBoundsIssue(rawArgs);
    if (bounds)
      throw new ValidationError([bounds], { message: 'The change is too large or too deeply nested.' });
    const args: unknown = command.mutator.args.parse(rawArgs);
    const { member, webhookListeners, members } = await authorizeMutation(
      scope.tx,
      by,
      command.mutator,
      args,
      scope.batchMemo,
    );
    if (members) scope.effects.knowMembers(members.workspaceId, members.userIds);

    const ctx: CommandContext = {
      tx: scope.tx,
      by,
      requestId,
      now: new Date(),
      effects: scope.effects,
      hosts: this.deps.hosts,
      resolveHost: this.deps.resolveHost,
      addressOf: this.deps.addressOf,
      systemHosts: this.systemHosts,
      member,
      webhookListeners,
      batchMemo: scope.batchMemo,
      deps: this.deps.commandDeps,
      webhookEvents: this.registry.events,
    };
    const result = await command.run(ctx, args);
    await this.registry.events.afterRun(ctx, command, result);
    return result;
  }

  /** Convenience for single-command callers (REST): its own transaction. */
  async execute(by: CommandActor, step: CommandStep, requestId: string | null): Promise<CommandResult> {
    return this.inTransaction((scope) => this.run(scope, by, step, requestId));
  }

  /** What a refused mutation was about, for its notice (refused-subject.ts). */
  describe(
    scope: TxScope,
    by: CommandActor,
    name: string,
    rawArgs: unknown,
  ): Promise<{ workspaceId: string | null; resource?: CommandResult['resource'] }> {
    return describeRefused(this.registry, scope, by, name, rawArgs);
  }

  /** An error no rule expected, met while applying one mutation: logged, and refused to the user. */
  reportUnexpected(error: unknown, context: { mutation: string; requestId: string }): void {
    this.deps.logger.error({ err: errorMessage(error), ...context }, 'mutation failed unexpectedly; refused');
  }

  /**
   * For changes committed outside the command layer (workspace deletion and restore): the worker's
   * cache-refresh job rebuilds every key of the target. Best effort, like every post-commit effect.
   */
  async refreshCacheSoon(target: CacheRefreshTarget): Promise<void> {
    await enqueueAfterCommit(this.deps, [cacheRefreshJob(target, Date.now(), 0)]);
  }

  /**
   * The post-commit effects of committed transactions (post-commit.ts). Resolves once the cache
   * write-through is done — the edge resolves what was written the moment the caller answers — while
   * the jobs and pokes, started at the same time, go on; `settled` waits for them.
   */
  async flush(effects: PostCommitEffects): Promise<void> {
    const written = writeThrough(this.deps, effects);
    this.pending.track(deliverAfterCommit(this.deps, effects));
    await written;
  }

  /** Every job and poke of every flush so far has been delivered (or its failure logged). Shutdown waits for this. */
  settled(): Promise<void> {
    return this.pending.settled();
  }
}

function errorMessage(error: unknown): { message: string } {
  return { message: error instanceof Error ? error.message : String(error) };
}
