import type { MATRIX } from '../permissions/matrix';

/**
 * The experiment lifecycle (docs/product-rules.md#experiments) as data: draft → running → paused ↔ running → concluded →
 * promoted, and archived from any resting state. The commands refuse a step from any other state
 * (409 `invalid_state_transition`, through the matrix's C8 rows, which name the same `from` states:
 * lifecycle.test.ts holds them equal), the mutators are these steps, and the editor offers exactly
 * the steps `stepsFrom(state)` returns.
 */
export const EXPERIMENT_STATES = ['draft', 'running', 'paused', 'concluded', 'promoted', 'archived'] as const;
export type ExperimentState = (typeof EXPERIMENT_STATES)[number];

export const EXPERIMENT_STEPS = {
  /** Draft: anything; started: a change of variants or weights begins a new arm period. */
  update: { action: 'experiment.update', from: ['draft', 'running', 'paused'], to: null },
  start: { action: 'experiment.start', from: ['draft', 'paused'], to: 'running' },
  pause: { action: 'experiment.pause', from: ['running'], to: 'paused' },
  conclude: { action: 'experiment.conclude', from: ['running', 'paused'], to: 'concluded' },
  promote: { action: 'experiment.promote', from: ['concluded'], to: 'promoted' },
  archive: {
    action: 'experiment.archive',
    from: ['draft', 'paused', 'concluded', 'promoted'],
    to: 'archived',
  },
} as const satisfies Record<
  string,
  { action: keyof typeof MATRIX; from: readonly ExperimentState[]; to: ExperimentState | null }
>;
export type ExperimentStep = keyof typeof EXPERIMENT_STEPS;
export const EXPERIMENT_STEP_NAMES = Object.keys(EXPERIMENT_STEPS) as ExperimentStep[];

export function isExperimentState(value: unknown): value is ExperimentState {
  return typeof value === 'string' && (EXPERIMENT_STATES as readonly string[]).includes(value);
}

/** Whether `step` may start from `state`. */
export function canTake(step: ExperimentStep, state: ExperimentState): boolean {
  return (EXPERIMENT_STEPS[step].from as readonly ExperimentState[]).includes(state);
}

/** The state after `step` from `state`, or null when the step is refused there. `update` keeps the state. */
export function nextState(step: ExperimentStep, state: ExperimentState): ExperimentState | null {
  if (!canTake(step, state)) return null;
  return EXPERIMENT_STEPS[step].to ?? state;
}

/** The steps the editor offers in `state`, in lifecycle order. */
export function stepsFrom(state: ExperimentState): ExperimentStep[] {
  return EXPERIMENT_STEP_NAMES.filter((step) => canTake(step, state));
}

/** States where the redirect assigns variants (only `running`: a paused test serves the plain configuration). */
export function assignsVariants(state: ExperimentState): boolean {
  return state === 'running';
}

/** States that hold the resource's one active experiment slot (spec: one running experiment per resource). */
export function holdsResource(state: ExperimentState): boolean {
  return state === 'running' || state === 'paused';
}
