import type pg from 'pg';
import type { Redis } from 'ioredis';
import type { Logger } from '@linkhub/shared/logging/logger';
import type { CacheRefreshTarget } from '@linkhub/shared/jobs/queues';
import { NotFoundError, ValidationError } from '@linkhub/shared/errors/app-error';
import { jsonBoundsIssue } from '@linkhub/shared/schemas/json-bounds';
import { rows, withTransaction } from '@linkhub/shared/db/sql';
import { pokeWorkspaceMembers } from '@linkhub/shared/db/pokes';
import { PostCommitEffects } from './effects';
import type { JobRequest } from '@linkhub/shared/jobs/producer';
import { cacheRefreshJob } from './redirect-cache';
import { refreshRedirects } from '@linkhub/shared/cache/refresh';
import type { ResolveHost } from './destination-safety';
import { SystemHosts } from './system-hosts';
import type { Command, CommandActor, CommandContext, CommandResult } from './types';
import { authorize } from '@linkhub/shared/permissions/authorize';
import type { Action, TargetType } from '@linkhub/shared/permissions/matrix';
import { authorizeMutation, loadAuthorizeInput, type ResourceRef } from './authorization';
import type { BatchMemo } from './batch-memo';

export type TxScope = {
  tx: pg.PoolClient;
  effects: PostCommitEffects;
  /** Set by a batch whose commands change nothing it memoizes (see BatchMemo). */
  batchMemo?: BatchMemo;
};

export type RunnerDeps = {
  pool: pg.Pool;
  redis: Redis;
  redisPrefix: string;
  logger: Logger;
  hosts: CommandContext['hosts'];
  /** Sends the jobs together (one round trip per queue). */
  enqueue: (jobs: readonly JobRequest[]) => Promise<void>;
  resolveHost: ResolveHost;
};

/**
 * The one command layer (DESIGN §5), shared by Replicache push and the /v1 REST API:
 * zod parse → authorize (inside the command) → one transaction → commit → cache write-through →
 * enqueue side effects → poke every affected user.
 */
export class CommandRunner {
  private readonly commands: ReadonlyMap<string, Command>;
  private readonly systemHosts = new SystemHosts();

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
    const effects = new PostCommitEffects();
    const result = await withTransaction(this.deps.pool, (tx) => fn({ tx, effects }));
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
    const bounds = jsonBoundsIssue(rawArgs);
    if (bounds)
      throw new ValidationError([bounds], { message: 'The change is too large or too deeply nested.' });
    const args: unknown = command.mutator.args.parse(rawArgs);
    const member = await authorizeMutation(scope.tx, by, command.mutator, args, scope.batchMemo);

    const ctx: CommandContext = {
      tx: scope.tx,
      by,
      requestId,
      now: new Date(),
      effects: scope.effects,
      hosts: this.deps.hosts,
      resolveHost: this.deps.resolveHost,
      systemHosts: this.systemHosts,
      member,
      batchMemo: scope.batchMemo,
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

  /**
   * What a refused mutation was about, for its notice. Only what the pusher may read is named: a
   * workspace they are not a member of, or a resource they cannot view, stays anonymous (no
   * title of another tenant ever reaches a notice). Runs in its own savepoint, so a failing
   * lookup cannot abort the push's transaction.
   */
  async describe(
    scope: TxScope,
    by: CommandActor,
    name: string,
    rawArgs: unknown,
  ): Promise<{ workspaceId: string | null; resource?: CommandResult['resource'] }> {
    await scope.tx.query('SAVEPOINT describe');
    try {
      const described = await this.describeVisible(scope, by, name, rawArgs);
      await scope.tx.query('RELEASE SAVEPOINT describe');
      return described;
    } catch {
      await scope.tx.query('ROLLBACK TO SAVEPOINT describe');
      return { workspaceId: null };
    }
  }

  private async describeVisible(
    scope: TxScope,
    by: CommandActor,
    name: string,
    rawArgs: unknown,
  ): Promise<{ workspaceId: string | null; resource?: CommandResult['resource'] }> {
    const workspaceId = workspaceIdOf(rawArgs);
    if (!workspaceId || !(await canRead(scope.tx, by, 'workspace.view', workspaceId)))
      return { workspaceId: null };
    const command = this.commands.get(name);
    if (!command?.describe) return { workspaceId };
    const described = await command.describe(scope, rawArgs);
    const resource = described.resource;
    if (!resource) return { workspaceId };
    const viewable = VIEWABLE[resource.type];
    if (!viewable) return { workspaceId };
    // A create names what the user typed; an existing resource only when the user may view it.
    const exists = await resourceExists(scope.tx, viewable.table, resource.id);
    if (
      exists &&
      !(await canRead(scope.tx, by, viewable.action, workspaceId, { type: viewable.type, id: resource.id }))
    )
      return { workspaceId };
    return { workspaceId, resource };
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
    await this.deps
      .enqueue([cacheRefreshJob(target, Date.now(), 0)])
      .catch((error: unknown) =>
        this.deps.logger.warn({ err: errorMessage(error), queue: 'cache-refresh' }, 'enqueue failed'),
      );
  }

  /**
   * Post-commit effects: every cache write-through (a few at a time, never the whole pool), every
   * job (sent together) and the pokes, the three at once — none reads what another writes (a
   * refresh job runs seconds later; a pull reads PostgreSQL, not the cache). Each is best effort:
   * the commit stands, and a failed write-through leaves bounded staleness that cache-refresh repairs.
   */
  async flush(effects: PostCommitEffects): Promise<void> {
    await Promise.all([
      this.writeThrough(effects),
      this.enqueueAll([...effects.jobs.values(), ...cacheRefreshJobs(effects)]),
      this.poke(effects).catch((error: unknown) =>
        this.deps.logger.warn({ err: errorMessage(error) }, 'poke failed'),
      ),
    ]);
  }

  /**
   * Redirect keys many at a time (one statement reads a chunk of addresses: a bulk import writes
   * thousands), every other key by its own write, a few at a time.
   */
  private async writeThrough(effects: PostCommitEffects): Promise<void> {
    const redirects: Array<{ host: string; slug: string }> = [];
    const others: Array<() => Promise<void>> = [];
    for (const [key, write] of effects.cacheWrites) {
      const target = effects.cacheRefreshes.get(key);
      if (target?.kind === 'redirect') redirects.push({ host: target.host, slug: target.slug });
      else others.push(write);
    }
    const io = { sql: this.deps.pool, redis: this.deps.redis, prefix: this.deps.redisPrefix };
    const chunks = Array.from({ length: Math.ceil(redirects.length / REDIRECTS_PER_READ) }, (_, i) =>
      redirects.slice(i * REDIRECTS_PER_READ, (i + 1) * REDIRECTS_PER_READ),
    );
    const failed = (error: unknown) =>
      this.deps.logger.warn({ err: errorMessage(error) }, 'cache write-through failed');
    await inLanes(
      [...chunks.map((chunk) => () => refreshRedirects(io, chunk).then(() => undefined)), ...others],
      WRITE_THROUGH_LANES,
      (write) => write().catch(failed),
    );
  }

  /** Together; if that fails, one by one, so one refused job cannot take the others down with it. */
  private async enqueueAll(jobs: readonly JobRequest[]): Promise<void> {
    if (jobs.length === 0) return;
    try {
      await this.deps.enqueue(jobs);
    } catch {
      await Promise.all(
        jobs.map((job) =>
          this.deps
            .enqueue([job])
            .catch((error: unknown) =>
              this.deps.logger.warn({ err: errorMessage(error), queue: job.queue }, 'enqueue failed'),
            ),
        ),
      );
    }
  }

  private async poke(effects: PostCommitEffects): Promise<void> {
    await pokeWorkspaceMembers(
      { db: this.deps.pool, redis: this.deps.redis, prefix: this.deps.redisPrefix },
      effects.pokeWorkspaces,
      effects.pokeUsers,
    );
  }
}

/** Addresses per statement of a redirect write-through. */
const REDIRECTS_PER_READ = 100;

/** Concurrent cache write-throughs of one flush: a few pooled connections, never the whole pool. */
export const WRITE_THROUGH_LANES = 4;

async function inLanes<T>(
  items: readonly T[],
  lanes: number,
  each: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => {
    for (let item = items[next++]; item !== undefined; item = items[next++]) await each(item);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}

/** How long after commit the worker rebuilds what the write-through just wrote (a failed or raced write heals then). */
export const CACHE_REFRESH_DELAY_MS = 5_000;

function cacheRefreshJobs(effects: PostCommitEffects): JobRequest[] {
  const at = Date.now();
  return [...effects.cacheRefreshes.values()].map((target) =>
    cacheRefreshJob(target, at, CACHE_REFRESH_DELAY_MS),
  );
}

/** The resources a notice may name, with the read action that lets a user see each. */
const VIEWABLE: Partial<Record<string, { action: Action; type: TargetType; table: string }>> = {
  link: { action: 'link.view', type: 'link', table: 'links' },
  qr_code: { action: 'qr_code.view', type: 'qr_code', table: 'qr_codes' },
  bio_page: { action: 'bio_page.view', type: 'bio_page', table: 'bio_pages' },
  workspace: { action: 'workspace.view', type: 'workspace', table: 'workspaces' },
  domain: { action: 'domain.view', type: 'domain', table: 'custom_domains' },
  experiment: { action: 'experiment.view', type: 'experiment', table: 'experiments' },
};

async function resourceExists(tx: pg.PoolClient, table: string, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const found = await rows<{ id: string }>(tx, `SELECT id FROM ${table} WHERE id = $1`, [id]);
  return found.length > 0;
}

async function canRead(
  tx: pg.PoolClient,
  by: CommandActor,
  action: Action,
  workspaceId: string,
  resource?: ResourceRef,
): Promise<boolean> {
  const decision = authorize(
    await loadAuthorizeInput(tx, by, action, workspaceId, resource ?? { type: 'workspace', id: workspaceId }),
  );
  return decision.allow;
}

function workspaceIdOf(args: unknown): string | null {
  if (typeof args !== 'object' || args === null || !('workspace_id' in args)) return null;
  const value = args.workspace_id;
  return typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value) ? value : null;
}

function errorMessage(error: unknown): { message: string } {
  return { message: error instanceof Error ? error.message : String(error) };
}
