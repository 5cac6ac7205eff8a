import type { MutatorDefinition } from './define';
import { domainMutators } from './domains';
import { linkMutators } from './links';
import { pageMutators } from './pages';
import { qrMutators } from './qr-codes';
import { workspaceMutators } from './workspace';

/** Every mutator, the registry both the PWA (optimistic) and the sync-server (commands) read. */
export const MUTATORS: readonly MutatorDefinition[] = [
  ...linkMutators,
  ...qrMutators,
  ...pageMutators,
  ...domainMutators,
  ...workspaceMutators,
];

export const MUTATOR_NAMES = MUTATORS.map((m) => m.name);
