/**
 * QR benchmark: codes per second for matrix+SVG, PNG 300 DPI, PDF, EPS and full
 * validations, each beside qrcode's own `toString({type: 'svg'})` measured in the same rounds,
 * because absolute timings on shared machines drift. Median of several rounds.
 *
 * Then times a 500-code batch export to a ZIP of PDFs (needs PostgreSQL; `--no-batch` skips it).
 *
 * Then the render pool beside the direct call (bench/qr/pool.ts; `--no-pool` skips it).
 *
 *   npx tsx bench/qr/index.ts [--rounds 5] [--ms 400] [--no-batch] [--no-pool]
 */
import QRCode from 'qrcode';
import { defaultQrDesign, qrDesignSchema } from '@linkhub/shared/qr/design';
import { shortQrText } from '@linkhub/shared/qr/encode';
import { renderQr } from '@linkhub/shared/server/qr/render/index';
import { validateQrDesign } from '@linkhub/shared/server/qr/validate';
import { printBatchTiming, timeBatchExport } from './batch';
import { median } from '../median';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 5);
const ROUND_MS = arg('ms', 400);

let seq = 0;
const nextUrl = () => `https://lnk.localhost/bench${(seq++).toString(36)}`;
const styled = qrDesignSchema.parse({
  fgColor: '#1a3d7c',
  moduleShape: 'rounded',
  finderStyle: 'rounded',
  frame: { label: 'SCAN ME' },
});

type Case = { readonly name: string; readonly run: () => Promise<unknown> };

const baseline: Case = {
  name: "qrcode toString({type:'svg'}) — baseline",
  run: () => QRCode.toString(shortQrText(nextUrl()), { type: 'svg', errorCorrectionLevel: 'M' }),
};
const cases: Case[] = [
  {
    name: 'matrix + SVG (default design)',
    run: () => renderQr('svg', { url: nextUrl(), design: defaultQrDesign, sizeMm: 30 }),
  },
  {
    name: 'matrix + SVG (rounded + frame)',
    run: () => renderQr('svg', { url: nextUrl(), design: styled, sizeMm: 30 }),
  },
  {
    name: 'PNG 300 DPI, 30 mm',
    run: () => renderQr('png', { url: nextUrl(), design: defaultQrDesign, sizeMm: 30, dpi: 300 }),
  },
  {
    name: 'PDF vector, 30 mm',
    run: () => renderQr('pdf', { url: nextUrl(), design: defaultQrDesign, sizeMm: 30 }),
  },
  {
    name: 'EPS vector, 30 mm',
    run: () => renderQr('eps', { url: nextUrl(), design: defaultQrDesign, sizeMm: 30 }),
  },
  {
    name: 'full validation (rules + 4 decodes)',
    run: () => validateQrDesign(nextUrl(), defaultQrDesign, { sizeMm: 30 }),
  },
];

/**
 * Runs a case and the baseline in alternating small batches for ROUND_MS, so both see the same
 * machine load at the same moments; returns both rates.
 */
async function interleaved(c: Case): Promise<{ ours: number; base: number }> {
  const BATCH = 8;
  let oursMs = 0;
  let baseMs = 0;
  let oursN = 0;
  let baseN = 0;
  const start = performance.now();
  while (performance.now() - start < ROUND_MS) {
    let t = performance.now();
    for (let i = 0; i < BATCH; i++) await baseline.run();
    baseMs += performance.now() - t;
    baseN += BATCH;
    t = performance.now();
    for (let i = 0; i < BATCH; i++) await c.run();
    oursMs += performance.now() - t;
    oursN += BATCH;
  }
  return { ours: (oursN * 1000) / oursMs, base: (baseN * 1000) / baseMs };
}

// Warm up (JIT, zxing wasm, sharp, pdfkit fonts).
for (const c of [baseline, ...cases]) for (let i = 0; i < 5; i++) await c.run();

const samples = new Map<string, number[]>();
const baseSamples = new Map<string, number[]>();
for (let r = 0; r < ROUNDS; r++) {
  for (const c of cases) {
    const { ours: v, base: b } = await interleaved(c);
    baseSamples.set(c.name, [...(baseSamples.get(c.name) ?? []), b]);
    samples.set(c.name, [...(samples.get(c.name) ?? []), v]);
  }
}

const rows = cases.map((c) => {
  const ours = median(samples.get(c.name) ?? []);
  const base = median(baseSamples.get(c.name) ?? []);
  return {
    case: c.name,
    'codes/s': Math.round(ours),
    'baseline codes/s': Math.round(base),
    'ratio to baseline': Number((ours / base).toFixed(2)),
  };
});
console.log(`QR bench: median of ${ROUNDS} rounds × ${ROUND_MS} ms (node ${process.version})`);
console.table(rows);
const svgRatio = rows[0]?.['ratio to baseline'] ?? 0;
const validations = rows.find((r) => r.case.startsWith('full validation'))?.['codes/s'] ?? 0;
console.log(
  `targets: SVG ≥ 1× baseline: ${svgRatio >= 1 ? 'met' : 'MISSED'} (${svgRatio}×); ≥ 50 validations/s: ${validations >= 50 ? 'met' : 'MISSED'} (${validations}/s)`,
);

if (!process.argv.includes('--no-batch')) {
  console.log('\nbatch export (scratch database, local artifact store):');
  printBatchTiming(await timeBatchExport(500, 'pdf'));
}

if (!process.argv.includes('--no-pool')) {
  console.log('');
  await import('./pool');
}
