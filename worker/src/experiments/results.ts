import { analyzeExperiment, ANALYSIS_METHOD, type DailyCounts } from '@linkhub/shared/experiments/analyze';
import { rows, type Queryable } from '@linkhub/shared/server/db/sql';
import { withTransaction } from '@linkhub/shared/server/db/sql';
import type pg from 'pg';
import { refreshArmRollup } from './rollup';

type ExperimentToAnalyze = {
  id: string;
  workspace_id: string;
  resource_id: string;
  resource_type: 'link' | 'qr_code' | 'bio_page';
  goal: string;
  goal_block_id: string | null;
  arm_period: number;
  arm_started_at: Date;
  ended_at: Date | null;
  baseline_rate: number;
  minimum_effect: number;
  alpha: number;
  computed_at: Date | null;
};

/**
 * The experiments whose results can still change: running or paused ones, and those that stopped
 * after their last analysis (one final computation). Never on the redirect path: the worker's
 * `experiment-results` job, every minute.
 */
export async function experimentsDue(db: Queryable, only?: string): Promise<ExperimentToAnalyze[]> {
  return rows<ExperimentToAnalyze>(
    db,
    `SELECT e.id, e.workspace_id, e.resource_id, e.resource_type, e.goal, e.goal_block_id, e.arm_period, e.arm_started_at, e.ended_at,
            e.baseline_rate, e.minimum_effect, e.alpha, r.computed_at
       FROM experiments e
       LEFT JOIN experiment_results r ON r.experiment_id = e.id AND r.arm_period = e.arm_period
      WHERE e.deleted_at IS NULL AND e.arm_started_at IS NOT NULL
        AND ($1::uuid IS NULL OR e.id = $1)
        AND (e.status IN ('running', 'paused') OR r.computed_at IS NULL OR r.computed_at < e.ended_at)`,
    [only ?? null],
  );
}

/** Rolls up and analyses one experiment's current arm period, storing the analysis. */
export async function computeExperimentResults(
  pool: pg.Pool,
  experiment: ExperimentToAnalyze,
): Promise<void> {
  await withTransaction(pool, async (tx) => {
    await refreshArmRollup(tx, experiment, experiment.computed_at);
    const variants = await rows<{
      id: string;
      key: string;
      name: string;
      is_control: boolean;
      weight: number;
    }>(
      tx,
      'SELECT id, key, name, is_control, weight FROM experiment_variants WHERE experiment_id = $1 ORDER BY is_control DESC, key',
      [experiment.id],
    );
    const daily = await rows<{
      variant_id: string;
      day: string;
      visitors: string;
      conversions: string;
      bot_visitors: string;
    }>(
      tx,
      `SELECT variant_id, day::text AS day, visitors, conversions, bot_visitors FROM experiment_assignments_rollup
        WHERE experiment_id = $1 AND arm_period = $2 ORDER BY day`,
      [experiment.id, experiment.arm_period],
    );
    const analysis = analyzeExperiment({
      plan: {
        baselineRate: experiment.baseline_rate,
        minimumEffect: experiment.minimum_effect,
        alpha: experiment.alpha,
      },
      armPeriod: experiment.arm_period,
      variants,
      daily: daily.map((d): DailyCounts => ({
        variant_id: d.variant_id,
        day: d.day,
        visitors: Number(d.visitors),
        conversions: Number(d.conversions),
        bot_visitors: Number(d.bot_visitors),
      })),
    });
    await tx.query(
      `INSERT INTO experiment_results (experiment_id, workspace_id, arm_period, method, analysis, srm_flagged, computed_at)
       VALUES ($1, $2, $3, $4, $5, $6, now())
       ON CONFLICT (experiment_id, arm_period) DO UPDATE
         SET method = EXCLUDED.method, analysis = EXCLUDED.analysis, srm_flagged = EXCLUDED.srm_flagged, computed_at = now()`,
      [
        experiment.id,
        experiment.workspace_id,
        experiment.arm_period,
        ANALYSIS_METHOD,
        JSON.stringify(analysis),
        analysis.srm.flagged,
      ],
    );
  });
}
