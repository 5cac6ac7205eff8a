import type { Processor } from '../processors/processor';
import { computeExperimentResults, experimentsDue } from './results';

/**
 * `experiment-results`: every running or paused experiment (or one, when the job names it) is rolled
 * up from the raw events and conversions, and analysed (shared/experiments/analyze.ts). One that
 * fails is logged and the others still run; the job fails (and retries) only if every one failed.
 */
export const experimentResults: Processor<'experiment-results'> = async (data, _job, deps) => {
  const due = await experimentsDue(deps.pool, data.experiment_id);
  let failed = 0;
  for (const experiment of due) {
    try {
      await computeExperimentResults(deps.pool, experiment);
    } catch (err) {
      failed += 1;
      deps.logger.error(
        { err: err instanceof Error ? err.message : String(err), experiment_id: experiment.id },
        'experiment results failed',
      );
    }
  }
  if (failed > 0 && failed === due.length)
    throw new Error(`experiment results failed for ${failed} experiments`);
  return { computed: due.length - failed, failed };
};
