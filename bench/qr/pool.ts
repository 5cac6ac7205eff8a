/**
 * QR print renders through the render pool (sync-server/src/platform/render-pool, child processes) beside the
 * direct call on the calling thread (what the REST render route did before the render pool), same jobs
 * in alternating order: median ms per render, the ratio, and the longest event-loop stall of the
 * calling thread while each ran (what every other request waits through).
 *
 *   npx tsx bench/qr/pool.ts [--rounds 5]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import {
  checkAndRenderQr,
  type QrRenderEngine,
  type QrRenderJob,
} from '@linkhub/shared/server/qr/check-and-render';
import { defaultQrDesign } from '@linkhub/shared/qr/design';
import type { QrDpi } from '@linkhub/shared/server/qr/render/index';
import {
  createRenderPool,
  DEFAULT_RENDER_POOL_LIMITS,
} from '../../sync-server/src/platform/render-pool/pool';
import { median } from '../median';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const ROUNDS = arg('rounds', 5);

const SIZES: ReadonlyArray<{ format: 'png' | 'pdf' | 'svg'; sizeMm: number; dpi?: QrDpi }> = [
  { format: 'svg', sizeMm: 30 },
  { format: 'png', sizeMm: 30, dpi: 300 },
  { format: 'png', sizeMm: 100, dpi: 600 },
  { format: 'png', sizeMm: 250, dpi: 600 },
  { format: 'png', sizeMm: 500, dpi: 300 },
  { format: 'pdf', sizeMm: 1000 },
];

let seq = 0;
const jobOf = (s: (typeof SIZES)[number]): QrRenderJob => ({
  format: s.format,
  input: {
    url: `https://lnk.localhost/pool${(seq++).toString(36)}`,
    design: defaultQrDesign,
    sizeMm: s.sizeMm,
    ...(s.dpi === undefined ? {} : { dpi: s.dpi }),
  },
});

/** One render's wall time and the longest stall of this thread's event loop meanwhile. */
async function timed(engine: QrRenderEngine, job: QrRenderJob): Promise<{ ms: number; stallMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const t = performance.now();
  await engine(job);
  const ms = performance.now() - t;
  loop.disable();
  return { ms, stallMs: loop.max / 1e6 };
}

const pool = createRenderPool({ ...DEFAULT_RENDER_POOL_LIMITS, threads: 1 });
try {
  // Warm both (thread start, wasm, sharp, pdfkit fonts).
  for (const s of SIZES) {
    await pool.renderQr(jobOf(s));
    await checkAndRenderQr(jobOf(s));
  }
  const rows = [];
  for (const s of SIZES) {
    const pooled: number[] = [];
    const direct: number[] = [];
    const pooledStall: number[] = [];
    const directStall: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const p = await timed(pool.renderQr, jobOf(s));
      const d = await timed(checkAndRenderQr, jobOf(s));
      pooled.push(p.ms);
      direct.push(d.ms);
      pooledStall.push(p.stallMs);
      directStall.push(d.stallMs);
    }
    const pm = median(pooled);
    const dm = median(direct);
    rows.push({
      render: `${s.format.toUpperCase()} ${s.sizeMm} mm${s.dpi === undefined ? '' : ` @ ${s.dpi} DPI`}`,
      'direct ms': Math.round(dm),
      'pool ms': Math.round(pm),
      'pool / direct': Number((pm / dm).toFixed(2)),
      'direct: loop stall ms': Math.round(median(directStall)),
      'pool: loop stall ms': Math.round(median(pooledStall)),
    });
  }
  console.log(
    `QR render pool vs direct call: median of ${ROUNDS} rounds, check + render (node ${process.version})`,
  );
  console.table(rows);
} finally {
  await pool.close();
}
