import type { ArtifactStore } from '@linkhub/shared/artifacts/store';
import { MUTATOR_NAMES } from '@linkhub/shared/mutators/index';
import { domainCommands } from './domains';
import { leadCommands } from './leads';
import { linkCommands } from './links';
import { pageCommands } from './pages';
import { pageArchiveCommands } from './page-archive';
import { qrCommands } from './qr-codes';
import type { CacheDeps } from './redirect-cache';
import type { Command } from './types';
import { workspaceCommands } from './workspace';

/** Every command (QR designs read uploaded logos from `artifacts`); one per mutator name (checked at start-up, so a mutator can never lack its server side). */
export function allCommands(cache: CacheDeps, artifacts: ArtifactStore): Command[] {
  const commands = [
    ...linkCommands(cache),
    ...qrCommands(cache, artifacts),
    ...pageCommands(cache),
    ...pageArchiveCommands(cache),
    ...domainCommands(cache),
    ...workspaceCommands(),
    ...leadCommands(),
  ];
  const names = new Set(commands.map((c) => c.name));
  const missing = MUTATOR_NAMES.filter((name) => !names.has(name));
  if (missing.length > 0) throw new Error(`mutators without a command: ${missing.join(', ')}`);
  return commands;
}
