import type { Branding, RedirectPayload } from '../../cache/payload';
import type { ClickIdKeyring } from '../../experiments/click-id-keys';
import { qrFallback, type FallbackStage } from '../../resolve/qr-fallback';
import { isRedirectableUrl } from '../../resolve/safe-url';
import { experimentUrl } from './experiment-url';
import { pickSplitDestination, pickVariant } from '../../resolve/split';
import { evaluateState, type LinkState } from '../../resolve/state';
import { matchRule } from '../../resolve/targeting';
import { mergeUtm } from '../../resolve/utm';
import type { Visit } from '../../resolve/visit';

export type Resolution =
  | {
      kind: 'redirect';
      location: string;
      state: LinkState;
      /** Set for QR-backed slugs: `live` or `last_good`. */
      fallbackStage?: FallbackStage;
      /** The experiment variant (or, without an experiment, the split destination) the visitor got. */
      variantId?: string;
      ruleId?: string;
    }
  | { kind: 'holding_page'; state: LinkState; branding: Branding; fallbackStage: 'holding_page' }
  | { kind: 'generic_page'; fallbackStage: 'generic_page' }
  | { kind: 'not_found'; state: LinkState | 'unknown'; branding: Branding | null };

type Choice = { url: string; variantId?: string; ruleId?: string };

/**
 * Where an active resource sends this visit, one decision in a fixed order: targeting rule →
 * experiment variant → split → destination. A running test and a split never both reach here (the
 * commands refuse it and the payload carries one of them, D-515); were both present the test would
 * decide. A destination whose scheme is not safe to redirect to counts as no destination.
 */
export function chooseDestination(
  payload: RedirectPayload,
  visit: Visit,
  clickIdKeys?: ClickIdKeyring,
): Choice | null {
  const choice = chooseAny(payload, visit, clickIdKeys);
  return choice !== null && isRedirectableUrl(choice.url) ? choice : null;
}

function chooseAny(payload: RedirectPayload, visit: Visit, clickIdKeys?: ClickIdKeyring): Choice | null {
  const rule = matchRule(payload.rules, visit, payload.time_zone);
  if (rule) return { url: rule.destination_url, ruleId: rule.id };
  if (payload.experiment) {
    const variant = pickVariant(payload.experiment, visit.visitorHash);
    if (variant)
      return { url: experimentUrl(payload.experiment, variant, visit, clickIdKeys), variantId: variant.id };
  }
  const split = pickSplitDestination(payload.destinations, visit.visitorHash, payload.resource_id);
  if (split) return { url: split.url, variantId: split.id };
  return payload.destination_url === null ? null : { url: payload.destination_url };
}

/**
 * The whole redirect decision for one visit, pure (no I/O): state → targeting / experiment / split →
 * UTM merge, and for QR-backed slugs the four-rung fallback chain instead of any "not found".
 * `clickIdKeys` sign the click id of an experiment that converts on reported conversions (D-491).
 */
export function resolveRedirect(
  payload: RedirectPayload,
  visit: Visit,
  clickIdKeys?: ClickIdKeyring,
): Resolution {
  const state = evaluateState(payload, visit.now);
  const choice = state === 'active' ? chooseDestination(payload, visit, clickIdKeys) : null;

  if (payload.is_qr) {
    const outcome = qrFallback({
      liveDestination: choice?.url ?? null,
      lastGoodDestination:
        payload.last_good_destination !== null && isRedirectableUrl(payload.last_good_destination)
          ? payload.last_good_destination
          : null,
      branding: payload.branding,
    });
    switch (outcome.rung) {
      case 'live':
        return {
          kind: 'redirect',
          location: mergeUtm(outcome.location, payload.utm, visit.query),
          state,
          fallbackStage: 'live',
          ...ids(choice),
        };
      case 'last_good':
        return {
          kind: 'redirect',
          location: mergeUtm(outcome.location, payload.utm, visit.query),
          state,
          fallbackStage: 'last_good',
        };
      case 'holding_page':
        return { kind: 'holding_page', state, branding: outcome.branding, fallbackStage: 'holding_page' };
      case 'generic_page':
        return { kind: 'generic_page', fallbackStage: 'generic_page' };
    }
  }

  if (choice)
    return {
      kind: 'redirect',
      location: mergeUtm(choice.url, payload.utm, visit.query),
      state,
      ...ids(choice),
    };
  if (state === 'expired' && payload.expired_url !== null && isRedirectableUrl(payload.expired_url)) {
    return { kind: 'redirect', location: mergeUtm(payload.expired_url, payload.utm, visit.query), state };
  }
  return { kind: 'not_found', state, branding: payload.branding };
}

function ids(choice: Choice | null): { variantId?: string; ruleId?: string } {
  const out: { variantId?: string; ruleId?: string } = {};
  if (choice?.variantId !== undefined) out.variantId = choice.variantId;
  if (choice?.ruleId !== undefined) out.ruleId = choice.ruleId;
  return out;
}
