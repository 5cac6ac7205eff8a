import type pg from 'pg';
import type { Redis } from 'ioredis';
import type { Logger } from '@linkhub/shared/logging/logger';
import { pokeChannel } from '@linkhub/shared/cache/keys';
import type { CacheRefreshTarget } from '@linkhub/shared/jobs/queues';
import { NotFoundError } from '@linkhub/shared/errors/app-error';
import { rows, translateDbError } from '../accounts/db';
import { PostCommitEffects, type JobRequest } from './effects';
import { cacheRefreshJob } from './redirect-cache';
import type { ResolveHost } from './destination-safety';
import type { Command, CommandActor, CommandContext, CommandResult } from './types';

export type TxScope = { tx: pg.PoolClient; effects: PostCommitEffects };

export type RunnerDeps = {
  pool: pg.Pool;
  redis: Redis;
  redisPrefix: string;
  logger: Logger;
  hosts: CommandContext['hosts'];
  enqueue: (job: JobRequest) => Promise<void>;
  resolveHost: ResolveHost;
};

/**
 * The one command layer (DESIGN §5), shared by Replicache push and the /v1 REST API:
 * zod parse → authorize (inside the command) → one transaction → commit → cache write-through →
 * enqueue side effects → poke every affected user.
 */
export class CommandRunner {
  private readonly commands: ReadonlyMap<string, Command>;

  constructor(
    private readonly deps: RunnerDeps,
    commands: readonly Command[],
  ) {
    this.commands = new Map(commands.map((c) => [c.name, c]));
  }

  has(name: string): boolean {
    return this.commands.has(name);
  }

  /**
   * One transaction; its post-commit effects run only after COMMIT succeeded — at once, or, with a
   * `batch`, when the caller flushes the batch (a push flushes once after all its mutations).
   */
  async inTransaction<T>(fn: (scope: TxScope) => Promise<T>, batch?: PostCommitEffects): Promise<T> {
    const client = await this.deps.pool.connect();
    const effects = new PostCommitEffects();
    let result: T;
    try {
      await client.query('BEGIN');
      result = await fn({ tx: client, effects });
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw translateDbError(error);
    } finally {
      client.release();
    }
    if (batch) batch.absorb(effects);
    else await this.flush(effects);
    return result;
  }

  /** Parse and run a named command inside the caller's transaction. Unknown names are refused like bad input. */
  async run(
    scope: TxScope,
    by: CommandActor,
    name: string,
    rawArgs: unknown,
    requestId: string | null,
  ): Promise<CommandResult> {
    const command = this.commands.get(name);
    if (!command)
      throw new NotFoundError({
        message: `Unknown mutation ${name}`,
        details: [{ field: 'name', issue: 'unknown_mutation' }],
      });
    const args: unknown = command.args.parse(rawArgs);

    const ctx: CommandContext = {
      tx: scope.tx,
      by,
      requestId,
      now: new Date(),
      effects: scope.effects,
      hosts: this.deps.hosts,
      resolveHost: this.deps.resolveHost,
    };
    return command.run(ctx, args);
  }

  /** Convenience for single-command callers (REST): its own transaction. */
  async execute(
    by: CommandActor,
    name: string,
    rawArgs: unknown,
    requestId: string | null,
  ): Promise<CommandResult> {
    return this.inTransaction((scope) => this.run(scope, by, name, rawArgs, requestId));
  }

  async describe(
    scope: TxScope,
    name: string,
    rawArgs: unknown,
  ): Promise<{ workspaceId: string | null; resource?: CommandResult['resource'] }> {
    const command = this.commands.get(name);
    const workspaceId = workspaceIdOf(rawArgs);
    const known = workspaceId
      ? await rows<{ id: string }>(scope.tx, 'SELECT id FROM workspaces WHERE id = $1', [workspaceId])
      : [];
    const base = { workspaceId: known.length > 0 ? workspaceId : null };
    if (!command?.describe || !base.workspaceId) return base;
    try {
      const described = await command.describe(scope, rawArgs);
      return {
        workspaceId: base.workspaceId,
        ...(described.resource ? { resource: described.resource } : {}),
      };
    } catch {
      return base;
    }
  }

  /**
   * For changes committed outside the command layer (workspace deletion and restore): the worker's
   * cache-refresh job rebuilds every key of the target. Best effort, like every post-commit effect.
   */
  async refreshCacheSoon(target: CacheRefreshTarget): Promise<void> {
    await this.deps
      .enqueue(cacheRefreshJob(target, Date.now(), 0))
      .catch((error: unknown) => this.deps.logger.warn({ err: errorMessage(error), queue: 'cache-refresh' }, 'enqueue failed'));
  }

  async flush(effects: PostCommitEffects): Promise<void> {
    for (const write of effects.cacheWrites.values()) {
      // The commit stands; a failed write-through leaves bounded staleness that cache-refresh repairs.
      await write().catch((error: unknown) =>
        this.deps.logger.warn({ err: errorMessage(error) }, 'cache write-through failed'),
      );
    }
    for (const job of effects.jobs.values()) {
      await this.deps
        .enqueue(job)
        .catch((error: unknown) =>
          this.deps.logger.warn({ err: errorMessage(error), queue: job.queue }, 'enqueue failed'),
        );
    }
    // One per address a push touched: sent together, not one round trip after another.
    await Promise.all(
      cacheRefreshJobs(effects).map((job) =>
        this.deps
          .enqueue(job)
          .catch((error: unknown) =>
            this.deps.logger.warn({ err: errorMessage(error), queue: job.queue }, 'enqueue failed'),
          ),
      ),
    );
    await this.poke(effects).catch((error: unknown) =>
      this.deps.logger.warn({ err: errorMessage(error) }, 'poke failed'),
    );
  }

  private async poke(effects: PostCommitEffects): Promise<void> {
    const users = new Set(effects.pokeUsers);
    if (effects.pokeWorkspaces.size > 0) {
      const members = await rows<{ user_id: string }>(
        this.deps.pool,
        'SELECT DISTINCT user_id FROM workspace_members WHERE workspace_id = ANY($1::uuid[]) AND deleted_at IS NULL',
        [[...effects.pokeWorkspaces]],
      );
      for (const m of members) users.add(m.user_id);
    }
    await Promise.all(
      [...users].map((userId) => this.deps.redis.publish(pokeChannel(this.deps.redisPrefix, userId), '1')),
    );
  }
}

/** How long after commit the worker rebuilds what the write-through just wrote (a failed or raced write heals then). */
export const CACHE_REFRESH_DELAY_MS = 5_000;

function cacheRefreshJobs(effects: PostCommitEffects): JobRequest[] {
  const at = Date.now();
  return [...effects.cacheRefreshes.values()].map((target) => cacheRefreshJob(target, at, CACHE_REFRESH_DELAY_MS));
}

function workspaceIdOf(args: unknown): string | null {
  if (typeof args !== 'object' || args === null || !('workspace_id' in args)) return null;
  const value = args.workspace_id;
  return typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value) ? value : null;
}

function errorMessage(error: unknown): { message: string } {
  return { message: error instanceof Error ? error.message : String(error) };
}
