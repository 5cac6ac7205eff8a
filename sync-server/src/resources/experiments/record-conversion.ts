import type { ClickId } from '@linkhub/shared/server/experiments/click-id';
import type { Queryable } from '@linkhub/shared/server/db/sql';
import { insertConversion } from '@linkhub/shared/server/experiments/conversions';

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
  const counted = await insertConversion(db, workspaceId, click, 'api');
  return {
    experiment_id: click.experimentId,
    variant_id: click.variantId,
    counted,
    reason: counted ? null : 'duplicate',
  };
}
