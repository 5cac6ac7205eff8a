import { afterAll, describe, expect, it } from 'vitest';
import { checkAndRenderQr } from '@linkhub/shared/server/qr/check-and-render';
import { defaultQrDesign } from '@linkhub/shared/qr/design';
import { AppError } from '@linkhub/shared/errors/app-error';
import { createRenderPool, DEFAULT_RENDER_POOL_LIMITS } from './pool';
import type { ProcessPoolEvent } from './processes';

const events: ProcessPoolEvent[] = [];
const pool = createRenderPool(
  { ...DEFAULT_RENDER_POOL_LIMITS, threads: 1, maxQueue: 1, svgBudgetMs: 2_000 },
  (event) => events.push(event),
);
afterAll(() => pool.close());

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">${body}</svg>`;

/** No filter, within every policy limit, yet over ten seconds of drawing: 1,500 half-transparent layers over the whole image. */
const slowButAllowedSvg = () => svg('<g opacity="0.5"><rect width="40" height="20"/></g>'.repeat(1_500));

/** Whether a process with this id still exists (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('render pool', () => {
  it('renders a QR print file in a render process, byte for byte what the direct call makes', async () => {
    const job = {
      format: 'png' as const,
      input: { url: 'https://lnk.example/pool', design: defaultQrDesign, sizeMm: 30, dpi: 300 as const },
    };
    const [pooled, direct] = await Promise.all([pool.renderQr(job), checkAndRenderQr(job)]);
    if (pooled.kind !== 'rendered' || direct.kind !== 'rendered')
      throw new Error('the default design was refused');
    expect(pooled.output.mime).toBe('image/png');
    expect(Buffer.from(pooled.output.bytes).equals(Buffer.from(direct.output.bytes))).toBe(true);
  });

  it('rasterises an SVG logo in a render process', async () => {
    const out = await pool.rasteriseSvg(svg('<rect width="40" height="20" fill="#c00"/>'));
    expect(out.width).toBe(1024);
    expect(out.height).toBe(512);
  });

  it('refuses a render that is over its time budget with 422, and the pool keeps working', async () => {
    // Within the SVG policy, but far more than 2 s of drawing.
    const heavy = slowButAllowedSvg();
    const error = await pool.rasteriseSvg(heavy).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 422,
      code: 'image_too_complex',
      details: [{ issue: 'svg_render_time_exceeded' }],
    });
    // The process was killed; the next render gets a fresh one.
    await expect(
      pool.renderQr({
        format: 'svg',
        input: { url: 'https://lnk.example/after', design: defaultQrDesign, sizeMm: 30 },
      }),
    ).resolves.toMatchObject({ kind: 'rendered' });
  });

  it('answers 503 render_queue_full at once when every thread and queue slot is taken', async () => {
    const job = {
      format: 'png' as const,
      input: { url: 'https://lnk.example/busy', design: defaultQrDesign, sizeMm: 120, dpi: 600 as const },
    };
    await pool.renderQr(job);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => pool.renderQr(job)));
    const refused = results
      .filter((r) => r.status === 'rejected')
      .map((r) => (r.status === 'rejected' ? r.reason : null));
    expect(refused.length).toBeGreaterThan(0);
    for (const reason of refused)
      expect(reason).toMatchObject({ status: 503, details: [{ issue: 'render_queue_full' }] });
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(0);
  });

  it('kills a render over its budget: the answer comes at once, the slot stays taken until the process is gone, the next render gets a new process', async () => {
    const error = await pool.rasteriseSvg(slowButAllowedSvg()).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, details: [{ issue: 'svg_render_time_exceeded' }] });
    const killed = events.filter((e) => e.type === 'kill').at(-1)?.pid;
    if (killed === undefined) throw new Error('no render process was killed');
    // Answered, but the killed process still holds the only slot: a render asked for now waits for it.
    const next = pool.rasteriseSvg(svg('<rect width="40" height="20"/>'));
    await pool.exited(killed);
    expect(alive(killed)).toBe(false);
    await expect(next).resolves.toMatchObject({ width: 1024 });
    const order = events.map((e) => `${e.type}:${e.pid}`);
    const exitAt = order.indexOf(`exit:${killed}`);
    const spawnAfter = order.findIndex((e, i) => i > exitAt && e.startsWith('spawn:'));
    // The replacement was started only once the killed process had exited: never two renders at once.
    expect(order.indexOf(`kill:${killed}`)).toBeLessThan(exitAt);
    expect(spawnAfter).toBeGreaterThan(exitAt);
    expect(pool.processes().length).toBe(1);
    expect(pool.processes()[0]?.pid).not.toBe(killed);
  });

  it('answers a policy refusal from inside the render process with its envelope error, not a crash', async () => {
    const error = await pool
      .rasteriseSvg(
        svg('<filter id="t"><feTurbulence numOctaves="100"/></filter><rect filter="url(#t)"/>'),
        'logo',
      )
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 422,
      code: 'image_too_complex',
      details: [{ field: 'logo', issue: 'svg_filter_turbulence_octaves' }],
    });
  });
});
