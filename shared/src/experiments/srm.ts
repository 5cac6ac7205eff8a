import { chiSquareSurvival } from './math';

/**
 * Sample-ratio mismatch: a chi-square goodness-of-fit test of the visitors each variant got against
 * the weights it was meant to get. A p-value under 0.001 means assignment is broken (a redirect
 * that drops a variant, a cache serving a stale split, bots on one arm): the results are held back.
 */
export const SRM_THRESHOLD = 0.001;

export type SrmCheck = {
  readonly statistic: number;
  readonly p_value: number;
  readonly flagged: boolean;
  readonly expected_shares: number[];
  readonly observed_shares: number[];
};

export function sampleRatioMismatch(visitors: readonly number[], weights: readonly number[]): SrmCheck {
  const totalWeight = weights.reduce((sum, w) => sum + w, 0);
  const total = visitors.reduce((sum, n) => sum + n, 0);
  const shares = weights.map((w) => (totalWeight > 0 ? w / totalWeight : 0));
  const observedShares = visitors.map((n) => (total > 0 ? n / total : 0));
  let statistic = 0;
  let cells = 0;
  visitors.forEach((n, i) => {
    const expected = total * (shares[i] ?? 0);
    if (expected <= 0) {
      // A variant with no weight that still got visitors is a mismatch on its own.
      if (n > 0) statistic = Number.POSITIVE_INFINITY;
      return;
    }
    cells += 1;
    statistic += ((n - expected) * (n - expected)) / expected;
  });
  const df = cells - 1;
  const pValue =
    statistic === Number.POSITIVE_INFINITY ? 0 : total === 0 || df < 1 ? 1 : chiSquareSurvival(statistic, df);
  return {
    statistic: Number.isFinite(statistic) ? statistic : Number.MAX_VALUE,
    p_value: pValue,
    flagged: pValue < SRM_THRESHOLD,
    expected_shares: shares,
    observed_shares: observedShares,
  };
}
