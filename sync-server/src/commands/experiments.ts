import { createExperimentCommand } from './experiment-create';
import { promoteExperimentCommand } from './experiment-promote';
import { experimentStateCommands } from './experiment-steps';
import { updateExperimentCommand } from './experiment-update';
import type { CacheDeps } from '../kernel/redirect-cache';
import type { Command } from '../kernel/types';

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
