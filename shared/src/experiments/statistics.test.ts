import { describe, expect, it } from 'vitest';
import { analyzeExperiment, type AnalysisVariant } from './analyze';
import { chiSquareSurvival, normalCdf, normalQuantile } from './math';
import { alwaysValidPValue, plannedVisitors, rateVariance, type Plan } from './sequential';
import { seededRandom, simulateExperiment } from './simulation';
import { sampleRatioMismatch } from './srm';

const PLAN: Plan = { baselineRate: 0.1, minimumEffect: 0.2, alpha: 0.05 };
const A: AnalysisVariant = {
  id: '00000000-0000-7000-8000-00000000000a',
  key: 'a',
  name: 'A',
  is_control: true,
  weight: 5000,
};
const B: AnalysisVariant = {
  id: '00000000-0000-7000-8000-00000000000b',
  key: 'b',
  name: 'B',
  is_control: false,
  weight: 5000,
};

describe('numeric helpers', () => {
  it('normal CDF and quantile agree with tables', () => {
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655, 5);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 5);
    expect(normalQuantile(0.8)).toBeCloseTo(0.841621, 5);
  });

  it('chi-square survival matches tables (df 1: 3.841 → 0.05; df 2: 13.816 → 0.001; df 4: 9.488 → 0.05)', () => {
    expect(chiSquareSurvival(3.841459, 1)).toBeCloseTo(0.05, 5);
    expect(chiSquareSurvival(13.815511, 2)).toBeCloseTo(0.001, 6);
    expect(chiSquareSurvival(9.487729, 4)).toBeCloseTo(0.05, 5);
    expect(chiSquareSurvival(0, 3)).toBe(1);
  });
});

describe('sample-ratio mismatch (chi-square)', () => {
  it('fires on a deliberately skewed stream: 100,000 visitors meant 50/50 that came 51/49', () => {
    const random = seededRandom(7);
    const counts = [0, 0];
    for (let i = 0; i < 100_000; i++) {
      const arm = random() < 0.51 ? 0 : 1;
      counts[arm] = (counts[arm] ?? 0) + 1;
    }
    const check = sampleRatioMismatch(counts, [5000, 5000]);
    expect(check.flagged).toBe(true);
    expect(check.p_value).toBeLessThan(0.001);
  });

  it('stays quiet on a fair stream of the same size, and for unequal weights honoured', () => {
    const random = seededRandom(8);
    const fair = [0, 0];
    const unequal = [0, 0, 0];
    for (let i = 0; i < 100_000; i++) {
      const f = random() < 0.5 ? 0 : 1;
      fair[f] = (fair[f] ?? 0) + 1;
      const r = random();
      const u = r < 0.2 ? 0 : r < 0.5 ? 1 : 2;
      unequal[u] = (unequal[u] ?? 0) + 1;
    }
    expect(sampleRatioMismatch(fair, [5000, 5000]).flagged).toBe(false);
    expect(sampleRatioMismatch(unequal, [2000, 3000, 5000]).flagged).toBe(false);
    // The same unequal stream read against equal weights is a mismatch.
    expect(sampleRatioMismatch(unequal, [3334, 3333, 3333]).flagged).toBe(true);
  });

  it('a zero-weight variant that still gets visitors is a mismatch', () => {
    expect(sampleRatioMismatch([100, 3], [10000, 0]).flagged).toBe(true);
  });
});

describe('always-valid significance (mSPRT)', () => {
  it('A/A with a daily peek: over 2,000 seeded simulations of 28 days the false-positive rate stays at or under α = 5 %', () => {
    const runs = 2000;
    let falsePositives = 0;
    let naiveFalsePositives = 0;
    for (let seed = 1; seed <= runs; seed++) {
      const looks = simulateExperiment({
        seed,
        plan: PLAN,
        arms: [
          { variant: A, trueRate: 0.1 },
          { variant: B, trueRate: 0.1 },
        ],
        days: 28,
        visitorsPerDay: 400,
      });
      // Anyone stopping at the first "significant" day: the running minimum makes that the last look.
      if (looks.some((look) => look.comparisons[0]?.significant === true)) falsePositives += 1;
      // The fixed-horizon z-test read every day (what peeking does to an ordinary test), for contrast.
      const peekedNaive = looks.some((look) => {
        const [a, b] = look.variants;
        if (!a || !b || a.visitors === 0 || b.visitors === 0) return false;
        const v = rateVariance(a.conversions, a.visitors) + rateVariance(b.conversions, b.visitors);
        const z = ((b.rate ?? 0) - (a.rate ?? 0)) / Math.sqrt(v);
        return 2 * (1 - normalCdf(Math.abs(z))) < 0.05;
      });
      if (peekedNaive) naiveFalsePositives += 1;
    }
    const rate = falsePositives / runs;
    // α plus three binomial standard errors of a 2,000-run estimate (0.49 %).
    expect(rate).toBeLessThanOrEqual(0.05 + 3 * Math.sqrt((0.05 * 0.95) / runs));
    // The check can fail: the naive test peeked daily is well over α on the very same streams.
    expect(naiveFalsePositives / runs).toBeGreaterThan(0.15);
  }, 120_000);

  it('detects a known effect (10 % → 13 %) within the planned sample in at least 80 % of 300 simulations', () => {
    const planned = plannedVisitors(PLAN, [0.5, 0.5]);
    const days = 14;
    const perDay = Math.ceil(planned / days);
    let detected = 0;
    let wrongWay = 0;
    const runs = 300;
    for (let seed = 1; seed <= runs; seed++) {
      const looks = simulateExperiment({
        seed: 10_000 + seed,
        plan: PLAN,
        arms: [
          { variant: A, trueRate: 0.1 },
          { variant: B, trueRate: 0.13 },
        ],
        days,
        visitorsPerDay: perDay,
      });
      const last = looks.at(-1);
      if (last?.verdict.kind === 'winner' && last.verdict.variant_id === B.id) detected += 1;
      if (last?.verdict.kind === 'winner' && last.verdict.variant_id === A.id) wrongWay += 1;
    }
    expect(detected / runs).toBeGreaterThanOrEqual(0.8);
    expect(wrongWay).toBe(0);
  }, 120_000);

  it('the planned horizon grows as the effect to find shrinks, and a larger sample gives a smaller p-value', () => {
    expect(plannedVisitors({ ...PLAN, minimumEffect: 0.1 }, [0.5, 0.5])).toBeGreaterThan(
      plannedVisitors(PLAN, [0.5, 0.5]) * 3,
    );
    const tau2 = 0.02 ** 2;
    const small = alwaysValidPValue({ estimate: 0.02, variance: rateVariance(100, 1000) * 2 }, tau2);
    const large = alwaysValidPValue({ estimate: 0.02, variance: rateVariance(1000, 10_000) * 2 }, tau2);
    expect(large).toBeLessThan(small);
  });
});

describe('verdict', () => {
  const day = (d: number) => `2026-01-0${d}`;
  it('says which variant converts better, by how much and how confident, with the horizon', () => {
    const analysis = analyzeExperiment({
      plan: PLAN,
      armPeriod: 1,
      variants: [A, B],
      daily: [
        { variant_id: A.id, day: day(1), visitors: 6000, conversions: 588, bot_visitors: 12 },
        { variant_id: B.id, day: day(1), visitors: 6000, conversions: 726, bot_visitors: 9 },
      ],
    });
    expect(analysis.verdict.kind).toBe('winner');
    expect(analysis.verdict.variant_id).toBe(B.id);
    expect(analysis.verdict.text).toMatch(
      /^B converts better: 12\.1\s% vs 9\.8\s%, \d+(\.\d)?\s% confident; /,
    );
    expect(analysis.unit).toBe('visitor_day');
    const [a, b] = analysis.variants;
    expect(a?.interval?.low).toBeLessThan(0.098);
    expect(b?.interval?.high).toBeGreaterThan(0.121);
    expect(analysis.variants.map((v) => v.bot_visitors)).toEqual([12, 9]);
  });

  it('holds results back when the split is broken, and waits when nobody came', () => {
    const skewed = analyzeExperiment({
      plan: PLAN,
      armPeriod: 1,
      variants: [A, B],
      daily: [
        { variant_id: A.id, day: day(1), visitors: 6000, conversions: 600, bot_visitors: 0 },
        { variant_id: B.id, day: day(1), visitors: 4000, conversions: 400, bot_visitors: 0 },
      ],
    });
    expect(skewed.verdict.kind).toBe('sample_ratio_mismatch');
    expect(skewed.verdict.text).toContain('not split as planned');
    const empty = analyzeExperiment({ plan: PLAN, armPeriod: 1, variants: [A, B], daily: [] });
    expect(empty.verdict.kind).toBe('waiting');
  });

  it('no clear winner yet names the visitors still needed', () => {
    const analysis = analyzeExperiment({
      plan: PLAN,
      armPeriod: 1,
      variants: [A, B],
      daily: [
        { variant_id: A.id, day: day(1), visitors: 500, conversions: 50, bot_visitors: 0 },
        { variant_id: B.id, day: day(1), visitors: 500, conversions: 52, bot_visitors: 0 },
      ],
    });
    expect(analysis.verdict.kind).toBe('no_winner_yet');
    expect(analysis.remaining_visitors).toBe((analysis.planned_visitors ?? 0) - 1000);
    expect(analysis.verdict.text).toMatch(/more visitors for the planned horizon\.$/);
  });
});
