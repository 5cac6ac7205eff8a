import type { ClickId } from '@linkhub/shared/experiments/click-id';
import { one, type Queryable } from '@linkhub/shared/db/sql';

export type ConversionOutcome = {
  readonly experiment_id: string;
  readonly variant_id: string;
  readonly counted: boolean;
  /** Why a well-formed click id was not counted (null when counted). */
  readonly reason: 'duplicate' | 'unknown_experiment' | 'experiment_not_running' | null;
};

/**
 * One conversion of the visitor-day the click id names (experiment_conversions): the first report
 * counts, a repeat only increments `reports`. Bots and exposures that never happened are filtered
 * by the worker when it joins conversions to exposures.
 */
export async function recordConversion(
  db: Queryable,
  workspaceId: string,
  click: ClickId,
): Promise<ConversionOutcome> {
  const row = await one<{ inserted: boolean }>(
    db,
    `INSERT INTO experiment_conversions (experiment_id, workspace_id, arm_period, variant_id, exposure_day, visitor_key, source)
     VALUES ($1, $2, $3, $4, $5::date, $6, 'api')
     ON CONFLICT (experiment_id, arm_period, exposure_day, visitor_key)
       DO UPDATE SET reports = experiment_conversions.reports + 1
     RETURNING (xmax = 0) AS inserted`,
    [click.experimentId, workspaceId, click.armPeriod, click.variantId, click.day, click.visitorKey],
  );
  const counted = row?.inserted === true;
  return {
    experiment_id: click.experimentId,
    variant_id: click.variantId,
    counted,
    reason: counted ? null : 'duplicate',
  };
}
