import { normalQuantile } from './math';

/**
 * The always-valid test (D-270): a mixture sequential probability ratio test (mSPRT, Johari, Koomen,
 * Pekelis & Walsh, "Always valid inference", 2017/2022) on the normal approximation of a rate or a
 * difference of rates, with a normal mixing distribution N(0, τ²) whose τ is the smallest effect the
 * experiment announced it wants to find (`baseline_rate × minimum_effect`, fixed before the start).
 *
 * Its p-value and confidence sequence stay valid however often they are looked at: the chance that
 * an A/A test ever shows p < α, at any of any number of looks, is at most α. The analysis looks once a
 * day (at each day's cumulative totals) and keeps the running minimum of the p-value and the running
 * intersection of the intervals, as the method prescribes.
 */
export type Estimate = {
  /** The observed effect (a rate, or a difference of rates). */
  readonly estimate: number;
  /** Its variance under the normal approximation. */
  readonly variance: number;
};

/** Λ: the mixture likelihood ratio of `θ = θ0` against the mixture alternative. */
export function mixtureLikelihoodRatio(e: Estimate, tau2: number, theta0 = 0): number {
  const v = e.variance;
  if (!(v > 0) || !(tau2 > 0)) return 1;
  const d = e.estimate - theta0;
  return Math.sqrt(v / (v + tau2)) * Math.exp((tau2 * d * d) / (2 * v * (v + tau2)));
}

/** The always-valid p-value at one look (before the running minimum). */
export function alwaysValidPValue(e: Estimate, tau2: number): number {
  return Math.min(1, 1 / mixtureLikelihoodRatio(e, tau2));
}

/** Half the width of the (1 − α) confidence sequence around the estimate at one look. */
export function confidenceHalfWidth(variance: number, tau2: number, alpha: number): number {
  if (!(variance > 0)) return Number.POSITIVE_INFINITY;
  const v = variance;
  return Math.sqrt(((v * (v + tau2)) / tau2) * (2 * Math.log(1 / alpha) + Math.log((v + tau2) / v)));
}

/** A rate's variance with a half-success continuity floor, so 0 and 1 never give a zero variance. */
export function rateVariance(conversions: number, visitors: number): number {
  if (visitors <= 0) return Number.POSITIVE_INFINITY;
  const p = (conversions + 0.5) / (visitors + 1);
  return (p * (1 - p)) / visitors;
}

export type Plan = {
  /** The control rate expected before the start. */
  readonly baselineRate: number;
  /** The smallest relative lift worth finding (0.2 = 20 %). */
  readonly minimumEffect: number;
  readonly alpha: number;
};

/** τ²: the announced smallest absolute effect, squared. */
export function mixingVariance(plan: Plan): number {
  const effect = plan.baselineRate * plan.minimumEffect;
  return effect * effect;
}

/**
 * The planned horizon: the fewest visitors (all arms together, split by `shares`) with which a true
 * lift of exactly `minimumEffect` over the baseline is declared with `power` (80 %) by this test at `α`.
 * The shares are the control's first, then the other variant's (the comparison the horizon is for).
 */
export function plannedVisitors(plan: Plan, shares: readonly [number, number], power = 0.8): number {
  const tau2 = mixingVariance(plan);
  const p0 = plan.baselineRate;
  const p1 = Math.min(0.999, p0 * (1 + plan.minimumEffect));
  const delta = p1 - p0;
  const zPower = normalQuantile(power);
  const [shareA, shareB] = shares;
  if (!(shareA > 0 && shareB > 0)) return Number.POSITIVE_INFINITY;
  const reached = (total: number): boolean => {
    const v = (p0 * (1 - p0)) / (total * shareA) + (p1 * (1 - p1)) / (total * shareB);
    return confidenceHalfWidth(v, tau2, plan.alpha) + zPower * Math.sqrt(v) <= delta;
  };
  let high = 100;
  while (!reached(high)) {
    high *= 2;
    if (high > 1e12) return Number.POSITIVE_INFINITY;
  }
  let low = high / 2;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (reached(mid)) high = mid;
    else low = mid;
  }
  return high;
}
