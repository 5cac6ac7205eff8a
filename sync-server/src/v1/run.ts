import type { AppDeps } from '../deps';
import type { CommandResult } from '../commands/types';
import type { V1Caller } from './caller';

export type CommandStep = { readonly name: string; readonly args: Record<string, unknown> };

/**
 * Runs one REST call's commands — the same ones the Replicache mutators run — in one transaction:
 * all of them commit or none does (e.g. createPage and each addBlock of `POST /v1/pages`).
 */
export async function runCommands(
  deps: AppDeps,
  caller: V1Caller,
  requestId: string,
  steps: readonly CommandStep[],
): Promise<CommandResult[]> {
  const runner = deps.commands;
  return runner.inTransaction(async (scope) => {
    const results: CommandResult[] = [];
    for (const step of steps) results.push(await runner.run(scope, caller.by, step.name, step.args, requestId));
    return results;
  });
}

/** Drops the keys whose value is undefined (the commands' strict schemas treat a present key as sent). */
export function defined(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
}
