import { verifyClickId } from '@linkhub/shared/server/experiments/click-id';
import type { ClickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import { conversionEligibility, insertConversion } from '@linkhub/shared/server/experiments/conversions';
import type { Queryable } from '@linkhub/shared/server/db/sql';
import type { JobRequest } from '@linkhub/shared/server/jobs/producer';
import { recordConversionEvent } from '@linkhub/shared/server/webhooks/conversion-events';

/** What became of a sign-up's click id (nothing is said to the visitor: the sign-up is stored either way). */
export type LeadConversion =
  'counted' | 'duplicate' | 'not_a_click_id' | 'unknown_experiment' | 'experiment_not_running';

/**
 * A sign-up that arrived with the click id of a link or QR code test (the redirect appended
 * `lh_click` to a bio page address, the page's form carried it) is that visitor-day's conversion,
 * as a `POST /v1/conversions` report of the same id would be (D-321): one row per visitor-day
 * (a lead and an API report of one visitor-day count once), only for a test of the page's own
 * workspace that converts on conversions and still runs (running or paused). The worker's results
 * job counts it only against a human exposure of that variant that day (D-272). A counted one
 * records `conversion.recorded` into `deliveries` (D-634).
 */
export async function recordLeadConversion(
  tx: Queryable,
  workspaceId: string,
  clickIdText: string,
  keys: ClickIdKeyring,
  now: Date,
  deliveries: JobRequest[] = [],
): Promise<LeadConversion> {
  // Only an id LinkHub signed, unaltered and under 90 days old, counts (D-491).
  const checked = verifyClickId(keys, clickIdText, now);
  if (!checked.ok) return 'not_a_click_id';
  const { click } = checked;
  const eligibility = await conversionEligibility(tx, workspaceId, click);
  if (eligibility !== 'eligible') return eligibility;
  if (!(await insertConversion(tx, workspaceId, click, 'lead'))) return 'duplicate';
  deliveries.push(...(await recordConversionEvent(tx, workspaceId, click, 'lead')));
  return 'counted';
}
