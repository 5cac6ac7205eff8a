import { analyzeExperiment, type AnalysisVariant, type DailyCounts } from './analyze';
import type { ExperimentAnalysis } from './schemas';
import type { Plan } from './sequential';

/** A seeded PRNG (mulberry32): simulations are reproducible run to run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type SimulatedArm = { readonly variant: AnalysisVariant; readonly trueRate: number };

/**
 * A simulated experiment: `visitorsPerDay` visitor-days a day assigned by weight, each converting with
 * its arm's true rate; the analysis is run after every day (a daily peek), as the results screen would.
 * Returns every day's analysis.
 */
export function simulateExperiment(input: {
  readonly seed: number;
  readonly plan: Plan;
  readonly arms: readonly SimulatedArm[];
  readonly days: number;
  readonly visitorsPerDay: number;
}): ExperimentAnalysis[] {
  const random = seededRandom(input.seed);
  const totalWeight = input.arms.reduce((sum, a) => sum + a.variant.weight, 0);
  const daily: DailyCounts[] = [];
  const looks: ExperimentAnalysis[] = [];
  for (let d = 0; d < input.days; d++) {
    const day = new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10);
    const counts = input.arms.map(() => ({ visitors: 0, conversions: 0 }));
    for (let i = 0; i < input.visitorsPerDay; i++) {
      let point = random() * totalWeight;
      let arm = 0;
      while (arm < input.arms.length - 1 && point >= (input.arms[arm]?.variant.weight ?? 0)) {
        point -= input.arms[arm]?.variant.weight ?? 0;
        arm += 1;
      }
      const c = counts[arm];
      if (!c) continue;
      c.visitors += 1;
      if (random() < (input.arms[arm]?.trueRate ?? 0)) c.conversions += 1;
    }
    input.arms.forEach((a, i) =>
      daily.push({
        variant_id: a.variant.id,
        day,
        visitors: counts[i]?.visitors ?? 0,
        conversions: counts[i]?.conversions ?? 0,
        bot_visitors: 0,
      }),
    );
    looks.push(
      analyzeExperiment({
        plan: input.plan,
        armPeriod: 1,
        variants: input.arms.map((a) => a.variant),
        daily,
      }),
    );
  }
  return looks;
}
