import {
  concludeExperimentArgs,
  createExperimentArgs,
  experimentRefArgs,
  promoteExperimentArgs,
  startExperimentArgs,
  updateExperimentArgs,
} from '../experiments/schemas';
import { defineMutator, type MutatorTarget } from './define';

/**
 * The experiment lifecycle's steps (experiments/lifecycle.ts), one mutator each, run by the
 * same commands at both doors (`/v1/experiments` and a Replicache push). Experiments and their results
 * are read over REST, not kept on the device (D-274): the client side has nothing to change.
 */
const experimentTarget = (args: { id: string }): MutatorTarget => ({ type: 'experiment', id: args.id });
const nothingOnTheDevice = async () => undefined;

export const createExperiment = defineMutator({
  name: 'createExperiment',
  args: createExperimentArgs,
  action: 'experiment.create',
  // The row has no target; the tested resource is checked like one (same workspace, granted, not archived or locked).
  target: (args) => ({ type: args.resource_type, id: args.resource_id }),
  client: nothingOnTheDevice,
});

export const updateExperiment = defineMutator({
  name: 'updateExperiment',
  args: updateExperimentArgs,
  action: 'experiment.update',
  target: experimentTarget,
  client: nothingOnTheDevice,
});

export const startExperiment = defineMutator({
  name: 'startExperiment',
  args: startExperimentArgs,
  action: 'experiment.start',
  target: experimentTarget,
  client: nothingOnTheDevice,
});

export const pauseExperiment = defineMutator({
  name: 'pauseExperiment',
  args: experimentRefArgs,
  action: 'experiment.pause',
  target: experimentTarget,
  client: nothingOnTheDevice,
});

export const concludeExperiment = defineMutator({
  name: 'concludeExperiment',
  args: concludeExperimentArgs,
  action: 'experiment.conclude',
  target: experimentTarget,
  client: nothingOnTheDevice,
});

export const promoteExperiment = defineMutator({
  name: 'promoteExperiment',
  args: promoteExperimentArgs,
  action: 'experiment.promote',
  target: experimentTarget,
  client: nothingOnTheDevice,
});

export const archiveExperiment = defineMutator({
  name: 'archiveExperiment',
  args: experimentRefArgs,
  action: 'experiment.archive',
  target: experimentTarget,
  client: nothingOnTheDevice,
});

export const experimentMutators = [
  createExperiment,
  updateExperiment,
  startExperiment,
  pauseExperiment,
  concludeExperiment,
  promoteExperiment,
  archiveExperiment,
] as const;

/** Lifecycle step → its mutator's name (the REST routes and the editor name steps). */
export const EXPERIMENT_STEP_MUTATORS = {
  update: 'updateExperiment',
  start: 'startExperiment',
  pause: 'pauseExperiment',
  conclude: 'concludeExperiment',
  promote: 'promoteExperiment',
  archive: 'archiveExperiment',
} as const;
