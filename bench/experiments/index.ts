/**
 * Experiments benchmark. The redirect decides a visitor's variant in process: how much
 * does a running experiment (and the click id it appends) cost a resolve, beside the same link
 * without one, measured in the same rounds? And the worker's analysis: how long for a long test
 * (5 variants × 365 daily looks), beside a 2-variant × 30-day one?
 *
 *   npx tsx bench/experiments/index.ts [--rounds 5] [--ms 400]
 */
import { randomBytes } from 'node:crypto';
import { analyzeExperiment, type DailyCounts } from '@linkhub/shared/experiments/analyze';
import { payloadFixture, visitFixture } from '@linkhub/shared/resolve/fixtures';
import { resolveRedirect } from '@linkhub/shared/server/resolve/resolve-redirect';
import { devClickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import { median } from '../median';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 5);
const ROUND_MS = arg('ms', 400);

const uuid = () => {
  const h = randomBytes(16).toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-7${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
const variants = [
  { id: uuid(), url: 'https://shop.example.com/landing-a', weight: 5000 },
  { id: uuid(), url: 'https://shop.example.com/landing-b?ref=spring', weight: 5000 },
];
const plain = payloadFixture({ destination_url: 'https://shop.example.com/landing-a' });
const withExperiment = payloadFixture({ experiment: { id: uuid(), arm: 1, variants } });
// The click id is signed as on the edge (D-491): its HMAC is part of what is measured.
const CLICK_ID_KEYS = devClickIdKeyring();
const withClickId = payloadFixture({ experiment: { id: uuid(), arm: 1, click_id: true, variants } });
const hashes = Array.from({ length: 4096 }, () => randomBytes(16).toString('hex'));
const visits = hashes.map((visitorHash) => visitFixture({ visitorHash, now: new Date() }));

/** Resolves per second over one round of `ROUND_MS`. */
function rate(payload: typeof plain): number {
  let n = 0;
  let sink = 0;
  const start = performance.now();
  const end = start + ROUND_MS;
  while (performance.now() < end) {
    for (let i = 0; i < 256; i++) {
      const r = resolveRedirect(payload, visits[(n + i) & 4095] ?? visits[0]!, CLICK_ID_KEYS);
      sink += r.kind.length;
    }
    n += 256;
  }
  if (sink < 0) console.log(sink);
  return (n / (performance.now() - start)) * 1000;
}

function daily(variantIds: readonly string[], days: number): DailyCounts[] {
  const rows: DailyCounts[] = [];
  for (let d = 0; d < days; d++) {
    const day = new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10);
    for (const [i, variant_id] of variantIds.entries())
      rows.push({ variant_id, day, visitors: 1000, conversions: 100 + i * 3, bot_visitors: 12 });
  }
  return rows;
}

function analysisMs(variantCount: number, days: number): number {
  const vs = Array.from({ length: variantCount }, (_, i) => ({
    id: uuid(),
    key: `v${i}`,
    name: `V${i}`,
    is_control: i === 0,
    weight: Math.floor(10_000 / variantCount),
  }));
  const rows = daily(
    vs.map((v) => v.id),
    days,
  );
  const times: number[] = [];
  for (let r = 0; r < ROUNDS * 4; r++) {
    const start = performance.now();
    analyzeExperiment({
      plan: { baselineRate: 0.1, minimumEffect: 0.2, alpha: 0.05 },
      armPeriod: 1,
      variants: vs,
      daily: rows,
    });
    times.push(performance.now() - start);
  }
  return median(times);
}

const results = { plain: [] as number[], experiment: [] as number[], clickId: [] as number[] };
for (let r = 0; r < ROUNDS; r++) {
  results.plain.push(rate(plain));
  results.experiment.push(rate(withExperiment));
  results.clickId.push(rate(withClickId));
}
const base = median(results.plain);
const row = (label: string, values: number[]) => {
  const m = median(values);
  return {
    case: label,
    'resolves/s': Math.round(m),
    'µs/resolve': (1e6 / m).toFixed(2),
    'vs plain': (m / base).toFixed(2),
  };
};
console.log('\nresolveRedirect (pure, in process), median of', ROUNDS, 'rounds');
console.table([
  row('plain link (baseline)', results.plain),
  row('running experiment', results.experiment),
  row('experiment + click id', results.clickId),
]);

const small = analysisMs(2, 30);
const large = analysisMs(5, 365);
console.log('\nanalyzeExperiment (the worker, per experiment per minute)');
console.table([
  { case: '2 variants × 30 days (baseline)', ms: small.toFixed(3), 'vs baseline': '1.00' },
  { case: '5 variants × 365 days', ms: large.toFixed(3), 'vs baseline': (large / small).toFixed(2) },
]);
