import type { Experiment, WeightedDestination } from '../../cache/payload';
import { mintClickId, withClickId } from '../experiments/click-id';
import type { ClickIdKeyring } from '../../experiments/click-id-keys';
import { visitorKeyFor } from '../experiments/visitor-key';
import type { Visit } from '../../resolve/visit';

/**
 * The variant's destination, with `lh_click=<click id>` when the experiment converts on reported
 * conversions: the signed click id names the exposure (experiment, arm period, variant, the visit's
 * instant, a key from the day-salted visitor hash), so nothing is stored and no cookie is set.
 * Without signing keys (a caller that only previews a decision) no click id is appended.
 */
export function experimentUrl(
  experiment: Experiment,
  variant: WeightedDestination,
  visit: Visit,
  clickIdKeys: ClickIdKeyring | undefined,
): string {
  if (experiment.click_id !== true || clickIdKeys === undefined) return variant.url;
  try {
    const clickId = mintClickId(clickIdKeys, {
      experimentId: experiment.id,
      armPeriod: experiment.arm ?? 1,
      variantId: variant.id,
      at: visit.now,
      visitorKey: visitorKeyFor(visit.visitorHash, experiment.id),
    });
    return withClickId(variant.url, clickId);
  } catch {
    // Ids that are not UUIDs (never written by the commands): the visit still goes to the variant.
    return variant.url;
  }
}
