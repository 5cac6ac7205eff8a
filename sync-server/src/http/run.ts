import type { AppDeps } from './app-deps';
import { PostCommitEffects } from '../kernel/effects';
import type { CommandActor, CommandResult, CommandStep, TxScope } from '../kernel/types';
import { AppError, RenamedFieldsError } from '@linkhub/shared/errors/app-error';
import type { V1Caller } from './caller';

export { commandStep, type CommandStep } from '../kernel/types';

/** One step in the transaction, its refusal in the REST body's field names. */
async function runStep(
  runner: AppDeps['commands'],
  scope: TxScope,
  by: CommandActor,
  step: CommandStep,
  requestId: string,
): Promise<CommandResult> {
  try {
    return await runner.run(scope, by, step, requestId);
  } catch (error) {
    if (step.fieldOf !== undefined && error instanceof AppError)
      throw new RenamedFieldsError(error, step.fieldOf);
    throw error;
  }
}

/**
 * Runs one REST call's commands — the same ones the Replicache mutators run — in one transaction:
 * all of them commit or none does (e.g. createPage and each addBlock of `POST /v1/pages`).
 */
export async function runCommands(
  deps: AppDeps,
  caller: V1Caller,
  requestId: string,
  steps: readonly CommandStep[],
  /** A check in the same transaction before the first step (a conditional write's If-Match). */
  before?: (tx: TxScope['tx']) => Promise<void>,
): Promise<CommandResult[]> {
  const runner = deps.commands;
  return runner.inTransaction(async (scope) => {
    if (before) await before(scope.tx);
    const results: CommandResult[] = [];
    for (const step of steps) results.push(await runStep(runner, scope, caller.by, step, requestId));
    return results;
  });
}

/**
 * `runCommands`, then `read` what they wrote (given what the commands reported, which may already
 * hold it) while their post-commit effects (cache write-through, jobs, pokes) run: both finish before
 * the response, but the read no longer waits for the effects.
 */
export async function runCommandsThenRead<T>(
  deps: AppDeps,
  caller: V1Caller,
  requestId: string,
  steps: readonly CommandStep[],
  read: (results: readonly CommandResult[]) => Promise<T>,
  before?: (tx: TxScope['tx']) => Promise<void>,
): Promise<T> {
  const runner = deps.commands;
  const effects = new PostCommitEffects();
  const results = await runner.inTransaction(async (scope) => {
    if (before) await before(scope.tx);
    const done: CommandResult[] = [];
    for (const step of steps) done.push(await runStep(runner, scope, caller.by, step, requestId));
    return done;
  }, effects);
  const [, value] = await Promise.all([runner.flush(effects), read(results)]);
  return value;
}

/** Drops the keys whose value is undefined (the commands' strict schemas treat a present key as sent). */
export function defined<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as T;
}
