import type { Queryable } from '../db/sql';
import type { ClickId } from '../experiments/click-id';
import type { JobRequest } from '../jobs/producer';
import type { ConversionRecorded } from '../../webhooks/traffic-events';
import { recordWebhookEvent } from './outbox';

/**
 * `conversion.recorded` for a conversion just counted, in the caller's transaction (D-634): by
 * `POST /v1/conversions` (`api`) or by a sign-up that carried the click id (`lead`).
 */
export function recordConversionEvent(
  tx: Queryable,
  workspaceId: string,
  click: ClickId,
  source: ConversionRecorded['source'],
): Promise<JobRequest[]> {
  const data: ConversionRecorded = {
    experiment_id: click.experimentId,
    variant_id: click.variantId,
    source,
    recorded_at: new Date().toISOString(),
  };
  return recordWebhookEvent(tx, { workspaceId, type: 'conversion.recorded', data });
}
