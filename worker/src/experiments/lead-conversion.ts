import { decodeClickId } from '@linkhub/shared/experiments/click-id';
import { holdsResource, isExperimentState } from '@linkhub/shared/experiments/lifecycle';
import { one, type Queryable } from '@linkhub/shared/db/sql';

/** What became of a sign-up's click id (nothing is said to the visitor: the sign-up is stored either way). */
export type LeadConversion =
  'counted' | 'duplicate' | 'not_a_click_id' | 'unknown_experiment' | 'experiment_not_running';

/**
 * A sign-up that arrived with the click id of a link or QR code test (the redirect appended
 * `lh_click` to a bio page address, the page's form carried it) is that visitor-day's conversion,
 * as a `POST /v1/conversions` report of the same id would be (D-321): one row per visitor-day
 * (a lead and an API report of one visitor-day count once), only for a test of the page's own
 * workspace that converts on conversions and still runs (running or paused). The worker's results
 * job counts it only against a human exposure of that variant that day (D-272).
 */
export async function recordLeadConversion(
  tx: Queryable,
  workspaceId: string,
  clickIdText: string,
): Promise<LeadConversion> {
  const click = decodeClickId(clickIdText);
  if (click === null) return 'not_a_click_id';
  const experiment = await one<{ status: string; goal: string }>(
    tx,
    'SELECT status, goal FROM experiments WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL',
    [click.experimentId, workspaceId],
  );
  if (!experiment || experiment.goal !== 'conversions') return 'unknown_experiment';
  if (!isExperimentState(experiment.status) || !holdsResource(experiment.status))
    return 'experiment_not_running';
  const row = await one<{ inserted: boolean }>(
    tx,
    `INSERT INTO experiment_conversions (experiment_id, workspace_id, arm_period, variant_id, exposure_day, visitor_key, source)
     VALUES ($1, $2, $3, $4, $5::date, $6, 'lead')
     ON CONFLICT (experiment_id, arm_period, exposure_day, visitor_key)
       DO UPDATE SET reports = experiment_conversions.reports + 1
     RETURNING (xmax = 0) AS inserted`,
    [click.experimentId, workspaceId, click.armPeriod, click.variantId, click.day, click.visitorKey],
  );
  return row?.inserted === true ? 'counted' : 'duplicate';
}
