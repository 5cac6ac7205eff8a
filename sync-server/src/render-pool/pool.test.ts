import { afterAll, describe, expect, it } from 'vitest';
import { checkAndRenderQr } from '@linkhub/shared/qr/check-and-render';
import { defaultQrDesign } from '@linkhub/shared/qr/design';
import { AppError } from '@linkhub/shared/errors/app-error';
import { createRenderPool, DEFAULT_RENDER_POOL_LIMITS } from './pool';

const pool = createRenderPool({ ...DEFAULT_RENDER_POOL_LIMITS, threads: 1, maxQueue: 1, svgBudgetMs: 200 });
afterAll(() => pool.close());

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">${body}</svg>`;

describe('render pool', () => {
  it('renders a QR print file on a worker thread, byte for byte what the direct call makes', async () => {
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

  it('rasterises an SVG logo on a worker thread', async () => {
    const out = await pool.rasteriseSvg(svg('<rect width="40" height="20" fill="#c00"/>'));
    expect(out.width).toBe(1024);
    expect(out.height).toBe(512);
  });

  it('refuses a render that is over its time budget with 422, and the pool keeps working', async () => {
    // A large blur over the whole 1024 px canvas, many times over: far more than 200 ms.
    const heavy = svg(
      `<defs><filter id="b"><feGaussianBlur stdDeviation="8"/></filter></defs>${'<rect width="40" height="20" filter="url(#b)"/>'.repeat(400)}`,
    );
    const error = await pool.rasteriseSvg(heavy).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 422,
      code: 'image_too_complex',
      details: [{ issue: 'svg_render_time_exceeded' }],
    });
    // The thread was ended; the next render gets a fresh one.
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
});
