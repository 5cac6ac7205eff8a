import type { WriteTransaction } from 'replicache';
import type { z } from 'zod';
import { ValidationError, type ErrorDetail } from '../errors/app-error';
import type { Action, TargetType } from '../permissions/matrix';
import { jsonBoundsIssue } from '../schemas/json-bounds';

/** The resource a mutation addresses, as authorize() takes it. */
export type MutatorTarget = { readonly type: TargetType; readonly id: string };

/** Every matrix row a mutation with these args must pass. */
export function actionsOf<S extends z.ZodType>(
  definition: MutatorDefinition<string, S>,
  args: z.infer<S>,
): readonly Action[] {
  return definition.actions ? definition.actions(args) : [definition.action];
}

/**
 * A mutator declared once (ARCHITECTURE.md#the-life-of-an-offline-edit): its name, its args schema (the same zod schema the server's
 * command parses), the matrix action it needs, and the optimistic client implementation over the
 * Replicache keys. The server side of each mutator is the command of the same name.
 */
export type MutatorDefinition<N extends string = string, S extends z.ZodType = z.ZodType> = {
  readonly name: N;
  readonly args: S;
  readonly action: Action;
  /** The matrix rows one mutation needs when its args touch several field groups (docs/product-rules.md#permissions); `[action]` when absent. */
  readonly actions?: (args: z.infer<S>) => readonly Action[];
  /**
   * What the action addresses in the args' `workspace_id`: a resource, or the workspace itself when
   * absent. `own_user`: only its own user can address it (a notice), so no workspace role applies.
   */
  readonly target?: 'own_user' | ((args: z.infer<S>) => MutatorTarget);
  readonly client: (tx: WriteTransaction, args: z.infer<S>) => Promise<void>;
};

export function defineMutator<const N extends string, S extends z.ZodType>(
  definition: MutatorDefinition<N, S>,
): MutatorDefinition<N, S> {
  return definition;
}

export type ReplicacheMutators<T extends readonly MutatorDefinition[]> = {
  [D in T[number] as D['name']]: (tx: WriteTransaction, args: z.input<D['args']>) => Promise<void>;
};

/**
 * What a client mutator throws when its args fail the shared schema (before anything is stored or
 * sent): a ValidationError (code `validation_failed`) whose `details` are the envelope's
 * `{field, issue, message, …}` entries, one per bad field, plus the mutator's name. The editor maps
 * `details[].field` onto its form fields.
 */
export class MutatorValidationError extends ValidationError {
  override readonly name = 'MutatorValidationError';

  constructor(
    readonly mutator: string,
    details: readonly ErrorDetail[],
  ) {
    super(details, { message: 'Some fields need fixing before this can be saved.' });
  }
}

/** The args as the mutator's schema (and the server) reads them, or the field errors that refuse them. */
export function validateMutatorArgs<S extends z.ZodType>(
  definition: Pick<MutatorDefinition<string, S>, 'name' | 'args'>,
  args: unknown,
): { ok: true; args: z.infer<S> } | { ok: false; error: MutatorValidationError } {
  const bounds = jsonBoundsIssue(args);
  if (bounds) return { ok: false, error: new MutatorValidationError(definition.name, [bounds]) };
  const parsed = definition.args.safeParse(args);
  if (parsed.success) return { ok: true, args: parsed.data };
  return {
    ok: false,
    error: new MutatorValidationError(definition.name, ValidationError.fromZod(parsed.error).details),
  };
}

/** Replicache's mutator map: validate args with the shared schema (throwing MutatorValidationError), then run the client implementation. */
export function toReplicacheMutators<const T extends readonly MutatorDefinition[]>(
  definitions: T,
): ReplicacheMutators<T> {
  const mutators: Record<string, (tx: WriteTransaction, args: unknown) => Promise<void>> = {};
  for (const definition of definitions) {
    mutators[definition.name] = async (tx, args) => {
      const checked = validateMutatorArgs(definition, args);
      if (!checked.ok) throw checked.error;
      await definition.client(tx, checked.args);
    };
  }
  // Built key by key from the same definitions the mapped type is computed from.
  return mutators as ReplicacheMutators<T>;
}
