import type { Branding } from '../cache/payload';

/**
 * The four rungs of the QR fallback chain (docs/product-rules.md#qr-fallback-chain). A QR-backed slug never answers
 * 404, 410 or 5xx: it always lands on one of these.
 */
export const fallbackStages = ['live', 'last_good', 'holding_page', 'generic_page'] as const;
export type FallbackStage = (typeof fallbackStages)[number];

export type QrOutcome =
  | { rung: 'live'; location: string }
  | { rung: 'last_good'; location: string }
  | { rung: 'holding_page'; branding: Branding }
  | { rung: 'generic_page' };

export type QrFallbackInput = {
  /** The destination the live resolution chose, or null when the code is not live (paused, expired…). */
  liveDestination: string | null;
  lastGoodDestination: string | null;
  branding: Branding | null;
};

export function qrFallback(input: QrFallbackInput): QrOutcome {
  if (input.liveDestination !== null) return { rung: 'live', location: input.liveDestination };
  if (input.lastGoodDestination !== null) return { rung: 'last_good', location: input.lastGoodDestination };
  if (input.branding !== null) return { rung: 'holding_page', branding: input.branding };
  return { rung: 'generic_page' };
}
