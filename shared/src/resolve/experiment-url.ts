import type { Experiment, WeightedDestination } from '../cache/payload';
import { encodeClickIdOn, withClickId } from '../experiments/click-id';
import { visitorKeyFor } from '../experiments/visitor-key';
import type { Visit } from './visit';

/**
 * The variant's destination, with `lh_click=<click id>` when the experiment converts on reported
 * conversions: the click id names the exposure (experiment, arm period, variant, the visit's UTC day,
 * a key from the day-salted visitor hash), so nothing is stored and no cookie is set.
 */
export function experimentUrl(experiment: Experiment, variant: WeightedDestination, visit: Visit): string {
  if (experiment.click_id !== true) return variant.url;
  try {
    const clickId = encodeClickIdOn(
      experiment.id,
      experiment.arm ?? 1,
      variant.id,
      Math.floor(visit.now.getTime() / 86_400_000),
      visitorKeyFor(visit.visitorHash, experiment.id),
    );
    return withClickId(variant.url, clickId);
  } catch {
    // Ids that are not UUIDs (never written by the commands): the visit still goes to the variant.
    return variant.url;
  }
}
