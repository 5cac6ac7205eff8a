/**
 * The experiment commands: each lifecycle step of shared/experiments/lifecycle.ts, shared
 * by `/v1/experiments` and the Replicache push. A step that changes what visitors get refreshes the
 * tested address's cached payload after commit (the edge assigns variants only while running).
 */
export { createExperimentCommand } from './create';
export { updateExperimentCommand } from './update';
export {
  archiveExperimentCommand,
  concludeExperimentCommand,
  pauseExperimentCommand,
  startExperimentCommand,
} from './steps';
export { promoteExperimentCommand } from './promote-command';
