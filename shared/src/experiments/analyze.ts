import type { Comparison, ExperimentAnalysis, VariantResult } from './schemas';
import {
  alwaysValidPValue,
  confidenceHalfWidth,
  mixingVariance,
  plannedVisitors,
  rateVariance,
  type Plan,
} from './sequential';
import { sampleRatioMismatch } from './srm';
import { verdictOf } from './verdict';

export const ANALYSIS_METHOD = 'msprt-normal-mixture-v1';

export type AnalysisVariant = {
  readonly id: string;
  readonly key: string;
  readonly name: string;
  readonly is_control: boolean;
  readonly weight: number;
};

/** One rollup row: a variant's visitor-days of one UTC day (`day` as YYYY-MM-DD). */
export type DailyCounts = {
  readonly variant_id: string;
  readonly day: string;
  readonly visitors: number;
  readonly conversions: number;
  readonly bot_visitors: number;
};

type Totals = { visitors: number; conversions: number; bots: number };
type Running = { pValue: number; low: number; high: number };

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));

/**
 * The analysis of one arm period from its daily rollups (visitor-days, bots counted apart): one look
 * per day at the cumulative totals, each non-control variant against the control with the
 * always-valid test (sequential.ts) at α split evenly over the comparisons (Bonferroni), the running
 * minimum p-value and the running intersection of every interval; a sample-ratio-mismatch check on
 * the visitors; the planned horizon; the plain-language verdict. Pure and deterministic.
 */
export function analyzeExperiment(input: {
  readonly plan: Plan;
  readonly armPeriod: number;
  readonly variants: readonly AnalysisVariant[];
  readonly daily: readonly DailyCounts[];
}): ExperimentAnalysis {
  const { plan } = input;
  const tau2 = mixingVariance(plan);
  const control = input.variants.find((v) => v.is_control) ?? input.variants[0];
  const others = input.variants.filter((v) => v !== control);
  const alpha = plan.alpha / Math.max(1, others.length);
  const byDay = new Map<string, DailyCounts[]>();
  for (const row of input.daily) {
    const rows = byDay.get(row.day);
    if (rows) rows.push(row);
    else byDay.set(row.day, [row]);
  }
  const days = [...byDay.keys()].sort();

  const totals = new Map<string, Totals>(
    input.variants.map((v) => [v.id, { visitors: 0, conversions: 0, bots: 0 }]),
  );
  const rateRunning = new Map<string, Running>();
  const diffRunning = new Map<string, Running>();
  for (const day of days) {
    for (const row of byDay.get(day) ?? []) {
      const t = totals.get(row.variant_id);
      if (!t) continue;
      t.visitors += row.visitors;
      t.conversions += row.conversions;
      t.bots += row.bot_visitors;
    }
    // Look at the day's cumulative totals.
    for (const v of input.variants) {
      const t = totals.get(v.id);
      if (!t || t.visitors === 0) continue;
      const half = confidenceHalfWidth(rateVariance(t.conversions, t.visitors), tau2, plan.alpha);
      const rate = t.conversions / t.visitors;
      rateRunning.set(v.id, intersect(rateRunning.get(v.id), 1, rate - half, rate + half));
    }
    const c = control ? totals.get(control.id) : undefined;
    for (const v of others) {
      const t = totals.get(v.id);
      if (!c || !t || c.visitors === 0 || t.visitors === 0) continue;
      const variance = rateVariance(t.conversions, t.visitors) + rateVariance(c.conversions, c.visitors);
      const diff = t.conversions / t.visitors - c.conversions / c.visitors;
      const p = alwaysValidPValue({ estimate: diff, variance }, tau2);
      const half = confidenceHalfWidth(variance, tau2, alpha);
      diffRunning.set(v.id, intersect(diffRunning.get(v.id), p, diff - half, diff + half));
    }
  }

  const variantResults: VariantResult[] = input.variants.map((v) => {
    const t = totals.get(v.id) ?? { visitors: 0, conversions: 0, bots: 0 };
    const r = rateRunning.get(v.id);
    return {
      variant_id: v.id,
      key: v.key,
      name: v.name,
      is_control: v === control,
      weight: v.weight,
      visitors: t.visitors,
      conversions: t.conversions,
      bot_visitors: t.bots,
      rate: t.visitors > 0 ? t.conversions / t.visitors : null,
      interval: r ? { low: clamp01(r.low), high: clamp01(r.high) } : null,
    };
  });

  const controlResult = variantResults.find((v) => v.is_control);
  const comparisons: Comparison[] = others.map((v) => {
    const result = variantResults.find((r) => r.variant_id === v.id);
    const running = diffRunning.get(v.id);
    const diff =
      result?.rate != null && controlResult?.rate != null ? result.rate - controlResult.rate : null;
    const pValue = running?.pValue ?? 1;
    return {
      variant_id: v.id,
      control_variant_id: control?.id ?? v.id,
      difference: diff,
      relative_lift: diff !== null && controlResult?.rate ? diff / controlResult.rate : null,
      interval: running ? { low: Math.max(-1, running.low), high: Math.min(1, running.high) } : null,
      p_value: pValue,
      confidence: 1 - pValue,
      significant: pValue < alpha,
    };
  });

  const srm = sampleRatioMismatch(
    variantResults.map((v) => v.visitors),
    variantResults.map((v) => v.weight),
  );
  const totalVisitors = variantResults.reduce((sum, v) => sum + v.visitors, 0);
  const totalWeight = input.variants.reduce((sum, v) => sum + v.weight, 0);
  const smallestOther = others.reduce((min, v) => Math.min(min, v.weight), Number.POSITIVE_INFINITY);
  const planned =
    control && others.length > 0 && totalWeight > 0
      ? plannedVisitors({ ...plan, alpha }, [control.weight / totalWeight, smallestOther / totalWeight])
      : Number.POSITIVE_INFINITY;
  const plannedVisitorsOrNull = Number.isFinite(planned) ? Math.ceil(planned) : null;
  const remaining =
    plannedVisitorsOrNull === null ? null : Math.max(0, plannedVisitorsOrNull - totalVisitors);

  return {
    method: ANALYSIS_METHOD,
    unit: 'visitor_day',
    alpha: plan.alpha,
    tau: Math.sqrt(tau2),
    arm_period: input.armPeriod,
    looks: days.length,
    variants: variantResults,
    comparisons,
    srm,
    total_visitors: totalVisitors,
    planned_visitors: plannedVisitorsOrNull,
    remaining_visitors: remaining,
    verdict: verdictOf({ variants: variantResults, comparisons, srm, totalVisitors, remaining }),
  };
}

function intersect(previous: Running | undefined, pValue: number, low: number, high: number): Running {
  if (!previous) return { pValue, low, high };
  return {
    pValue: Math.min(previous.pValue, pValue),
    low: Math.max(previous.low, low),
    high: Math.min(previous.high, high),
  };
}
