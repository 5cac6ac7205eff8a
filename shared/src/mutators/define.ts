import type { WriteTransaction } from 'replicache';
import type { z } from 'zod';
import type { Action } from '../permissions/matrix';

/**
 * A mutator declared once (DESIGN §5): its name, its args schema (the same zod schema the server's
 * command parses), the matrix action it needs, and the optimistic client implementation over the
 * Replicache keys. The server side of each mutator is the command of the same name.
 */
export type MutatorDefinition<N extends string = string, S extends z.ZodType = z.ZodType> = {
  readonly name: N;
  readonly args: S;
  readonly action: Action;
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

/** Replicache's mutator map: parse args with the shared schema, then run the client implementation. */
export function toReplicacheMutators<const T extends readonly MutatorDefinition[]>(
  definitions: T,
): ReplicacheMutators<T> {
  const mutators: Record<string, (tx: WriteTransaction, args: unknown) => Promise<void>> = {};
  for (const definition of definitions) {
    mutators[definition.name] = async (tx, args) => definition.client(tx, definition.args.parse(args));
  }
  // Built key by key from the same definitions the mapped type is computed from.
  return mutators as ReplicacheMutators<T>;
}
