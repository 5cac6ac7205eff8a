import type { ClickId } from '@linkhub/shared/server/experiments/click-id';
import type { Queryable } from '@linkhub/shared/server/db/sql';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';
import { insertConversion } from '@linkhub/shared/server/experiments/conversions';
import { recordConversionEvent } from '@linkhub/shared/server/webhooks/conversion-events';

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
 * by the worker when it joins conversions to exposures. A counted conversion records
 * `conversion.recorded` in the caller's transaction (D-634); the delivery jobs are returned for
 * the caller to enqueue after the commit.
 */
export async function recordConversion(
  tx: Queryable,
  workspaceId: string,
  click: ClickId,
): Promise<{ outcome: ConversionOutcome; deliveries: JobRequest[] }> {
  const counted = await insertConversion(tx, workspaceId, click, 'api');
  const outcome: ConversionOutcome = {
    experiment_id: click.experimentId,
    variant_id: click.variantId,
    counted,
    reason: counted ? null : 'duplicate',
  };
  if (!counted) return { outcome, deliveries: [] };
  return { outcome, deliveries: await recordConversionEvent(tx, workspaceId, click, 'api') };
}
