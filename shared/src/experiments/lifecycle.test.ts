import { describe, expect, it } from 'vitest';
import { MATRIX } from '../permissions/matrix';
import {
  EXPERIMENT_STATES,
  EXPERIMENT_STEPS,
  EXPERIMENT_STEP_NAMES,
  canTake,
  nextState,
  stepsFrom,
  type ExperimentState,
  type ExperimentStep,
} from './lifecycle';

/** The whole table, written out: every (step, state) pair and where it leads (null: refused). */
const EXPECTED: Record<ExperimentStep, Record<ExperimentState, ExperimentState | null>> = {
  update: {
    draft: 'draft',
    running: 'running',
    paused: 'paused',
    concluded: null,
    promoted: null,
    archived: null,
  },
  start: {
    draft: 'running',
    running: null,
    paused: 'running',
    concluded: null,
    promoted: null,
    archived: null,
  },
  pause: { draft: null, running: 'paused', paused: null, concluded: null, promoted: null, archived: null },
  conclude: {
    draft: null,
    running: 'concluded',
    paused: 'concluded',
    concluded: null,
    promoted: null,
    archived: null,
  },
  promote: {
    draft: null,
    running: null,
    paused: null,
    concluded: 'promoted',
    promoted: null,
    archived: null,
  },
  archive: {
    draft: 'archived',
    running: null,
    paused: 'archived',
    concluded: 'archived',
    promoted: 'archived',
    archived: null,
  },
};

describe('experiment lifecycle', () => {
  for (const step of EXPERIMENT_STEP_NAMES)
    for (const state of EXPERIMENT_STATES)
      it(`${step} from ${state} → ${EXPECTED[step][state] ?? 'refused'}`, () => {
        expect(nextState(step, state)).toBe(EXPECTED[step][state]);
        expect(canTake(step, state)).toBe(EXPECTED[step][state] !== null);
      });

  it('the permission matrix names the same from-states (C8), so authorize() and the lifecycle agree', () => {
    for (const step of EXPERIMENT_STEP_NAMES) {
      const { action, from } = EXPERIMENT_STEPS[step];
      expect([...(MATRIX[action].states ?? [])].sort(), action).toEqual([...from].sort());
    }
  });

  it('archived and promoted are ends: only archive leaves promoted, nothing leaves archived', () => {
    expect(stepsFrom('archived')).toEqual([]);
    expect(stepsFrom('promoted')).toEqual(['archive']);
    expect(stepsFrom('draft')).toEqual(['update', 'start', 'archive']);
    expect(stepsFrom('running')).toEqual(['update', 'pause', 'conclude']);
  });
});
