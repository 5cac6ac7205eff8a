import { createExperimentCommand } from './create';
import { promoteExperimentCommand } from './promote-command';
import { experimentStateCommands } from './steps';
import { updateExperimentCommand } from './update';
import type { CacheDeps } from '../../kernel/redirect-cache';
import type { Command } from '../../kernel/types';

/**
 * The experiment commands: each lifecycle step of shared/experiments/lifecycle.ts, shared
 * by `/v1/experiments` and the Replicache push. A step that changes what visitors get refreshes the
 * tested address's cached payload after commit (the edge assigns variants only while running).
 */
export function experimentCommands(cache: CacheDeps): Command[] {
  return [
    createExperimentCommand(cache),
    updateExperimentCommand(cache),
    ...experimentStateCommands(cache),
    promoteExperimentCommand(cache),
  ];
}
