import type { experiments } from '../db/schema/experiments';
import type { RowOf } from '../db/row';
import { one, type Queryable } from '../db/sql';
import type { ClickId } from './click-id';
import { holdsResource, isExperimentState } from '../../experiments/lifecycle';

/** Why a well-formed click id's conversion is not counted, or that it is. */
export type ConversionEligibility = 'eligible' | 'unknown_experiment' | 'experiment_not_running';

/**
 * Whether a conversion of this click id counts: it names a test of this workspace (another
 * workspace's answers exactly like none) that converts on conversions and still runs (running or
 * paused). The one rule for `POST /v1/conversions` and a sign-up that carried the id (D-321).
 */
export async function conversionEligibility(
  db: Queryable,
  workspaceId: string,
  click: ClickId,
): Promise<ConversionEligibility> {
  const experiment = await one<RowOf<typeof experiments, 'status' | 'goal'>>(
    db,
    'SELECT status, goal FROM experiments WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL',
    [click.experimentId, workspaceId],
  );
  if (!experiment || experiment.goal !== 'conversions') return 'unknown_experiment';
  if (!isExperimentState(experiment.status) || !holdsResource(experiment.status))
    return 'experiment_not_running';
  return 'eligible';
}

/**
 * One conversion of the visitor-day the click id names (experiment_conversions): the first report
 * counts, a repeat (from either source) only increments `reports`. True when this one counted.
 * Bots and exposures that never happened are filtered by the worker when it joins conversions to
 * exposures (D-272).
 */
export async function insertConversion(
  db: Queryable,
  workspaceId: string,
  click: ClickId,
  source: 'api' | 'lead',
): Promise<boolean> {
  const row = await one<{ inserted: boolean }>(
    db,
    `INSERT INTO experiment_conversions (experiment_id, workspace_id, arm_period, variant_id, exposure_day, visitor_key, source)
     VALUES ($1, $2, $3, $4, $5::date, $6, $7)
     ON CONFLICT (experiment_id, arm_period, exposure_day, visitor_key)
       DO UPDATE SET reports = experiment_conversions.reports + 1
     RETURNING (xmax = 0) AS inserted`,
    [click.experimentId, workspaceId, click.armPeriod, click.variantId, click.day, click.visitorKey, source],
  );
  return row?.inserted === true;
}
