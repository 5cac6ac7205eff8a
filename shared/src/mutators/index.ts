import { toReplicacheMutators, type MutatorDefinition } from './define';
import { domainMutators } from './domains';
import { experimentMutators } from './experiments';
import { folderMutators } from './folders';
import { linkMutators } from './links';
import { pageMutators } from './pages';
import { qrMutators } from './qr-codes';
import { workspaceMutators } from './workspace';

/** Every mutator, the registry both the PWA (optimistic) and the sync-server (commands) read. */
export const MUTATORS = [
  ...linkMutators,
  ...qrMutators,
  ...pageMutators,
  ...domainMutators,
  ...workspaceMutators,
  ...experimentMutators,
  ...folderMutators,
] as const satisfies readonly MutatorDefinition[];

export const MUTATOR_NAMES: readonly string[] = MUTATORS.map((m) => m.name);

/** The typed mutator map handed to `new Replicache({ mutators })`. */
export const clientMutators = toReplicacheMutators(MUTATORS);
export type ClientMutators = typeof clientMutators;
