import { formatCount, formatPercentPoints } from '../analytics/format';
import type { Comparison, Verdict, VariantResult } from './schemas';
import type { SrmCheck } from './srm';

/** The verdict is one English sentence: its numbers are English too. */
const VERDICT_LOCALE = 'en-US';
/** "12.1 %": a rate to one decimal (a no-break space before % keeps it on one line). */
export const ratePercent = (rate: number, locale: string = VERDICT_LOCALE) =>
  formatPercentPoints(rate * 100, locale, 1);
const percent = (rate: number) => ratePercent(rate);
const count = (n: number) => formatCount(n, VERDICT_LOCALE);
/** "97 % confident": floored, and never "100 %" (no finite sample is certain). */
export const confidencePercent = (confidence: number, locale: string = VERDICT_LOCALE) =>
  formatPercentPoints(Math.min(99.9, Math.floor(confidence * 1000) / 10), locale, 1, false);

const label = (v: VariantResult) => v.name;

/**
 * The plain-language verdict of an analysis (what the results screen says first):
 * "B converts better: 12.1 % vs 9.8 %, 97 % confident; 2,400 more visitors for the planned horizon."
 * Broken assignment (SRM) outranks everything: its results are not to be trusted.
 */
export function verdictOf(input: {
  readonly variants: readonly VariantResult[];
  readonly comparisons: readonly Comparison[];
  readonly srm: SrmCheck;
  readonly totalVisitors: number;
  readonly remaining: number | null;
}): Verdict {
  const { variants, comparisons, srm, remaining } = input;
  const control = variants.find((v) => v.is_control);
  const horizon =
    remaining === null
      ? ''
      : remaining > 0
        ? `; ${count(remaining)} more visitors for the planned horizon`
        : '; the planned horizon is reached';
  if (input.totalVisitors === 0 || !control)
    return { kind: 'waiting', variant_id: null, text: 'Waiting for visitors: no results yet.' };
  if (srm.flagged) {
    const split = variants.map((v) => `${label(v)} ${count(v.visitors)}`).join(' vs ');
    return {
      kind: 'sample_ratio_mismatch',
      variant_id: null,
      text: `Check the setup: visitors are not split as planned (${split}). Results are held back until assignment is fixed.`,
    };
  }
  const significant = comparisons.filter((c) => c.significant && c.difference !== null);
  const better = significant
    .filter((c) => (c.difference ?? 0) > 0)
    .sort((a, b) => (b.difference ?? 0) - (a.difference ?? 0))[0];
  const rateOf = (id: string) => variants.find((v) => v.variant_id === id);
  if (better) {
    const winner = rateOf(better.variant_id);
    if (winner?.rate != null && control.rate !== null)
      return {
        kind: 'winner',
        variant_id: winner.variant_id,
        text: `${label(winner)} converts better: ${percent(winner.rate)} vs ${percent(control.rate)}, ${confidencePercent(better.confidence)} confident${horizon}.`,
      };
  }
  const worse = significant.filter((c) => (c.difference ?? 0) < 0);
  if (worse.length > 0 && worse.length === comparisons.length && control.rate !== null) {
    const best = worse.sort((a, b) => (b.difference ?? 0) - (a.difference ?? 0))[0];
    const other = best ? rateOf(best.variant_id) : undefined;
    if (best && other?.rate != null)
      return {
        kind: 'winner',
        variant_id: control.variant_id,
        text: `${label(control)} converts better: ${percent(control.rate)} vs ${percent(other.rate)}, ${confidencePercent(best.confidence)} confident${horizon}.`,
      };
  }
  const rates = variants
    .filter((v) => v.rate !== null)
    .map((v) => `${label(v)} ${percent(v.rate ?? 0)}`)
    .join(' vs ');
  if (remaining === 0)
    return {
      kind: 'no_difference',
      variant_id: null,
      text: `No meaningful difference: ${rates} after ${count(input.totalVisitors)} visitors; any difference is smaller than the one planned for.`,
    };
  return { kind: 'no_winner_yet', variant_id: null, text: `No clear winner yet: ${rates}${horizon}.` };
}
