import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalArtifactStore } from '@linkhub/shared/server/artifacts/local-store';
import { createRenderPool, DEFAULT_RENDER_POOL_LIMITS } from '../../platform/render-pool/pool';
import { startV1Kit, ALL_SCOPES, type ErrorBody, type V1Kit } from '../../testing/v1-kit';

let kit: V1Kit;
let key: string;
let dir: string;
const json = async <T>(res: Response): Promise<T> => (await res.json()) as T;
const svg = (body: string) =>
  new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">${body}</svg>`,
  );

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'linkhub-v1-svg-'));
  kit = await startV1Kit({ artifacts: createLocalArtifactStore(dir) });
  key = await kit.key(ALL_SCOPES);
});
afterAll(async () => {
  await kit.stop();
  await rm(dir, { recursive: true, force: true });
});

const uploadTo = async (to: V1Kit, apiKey: string, bytes: Uint8Array): Promise<Response> =>
  to.app.request('/v1/assets', {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'image/svg+xml' },
    body: bytes,
  });
const upload = (bytes: Uint8Array): Promise<Response> => uploadTo(kit, key, bytes);

/** 1.4 KB, seven levels each drawing the one below ten times (10⁷ shapes). */
function nestedUseBomb(): Uint8Array {
  let defs = '<rect id="l0" width="1" height="1"/>';
  for (let n = 1; n <= 7; n++) defs += `<g id="l${n}">${`<use href="#l${n - 1}"/>`.repeat(10)}</g>`;
  return svg(`<defs>${defs}</defs><use href="#l7"/>`);
}

describe('SVG logo uploads are bounded', () => {
  it('answers the nested <use> bomb with 422 and the reason, storing nothing, and never hands it to the renderer', async () => {
    const bomb = nestedUseBomb();
    expect(bomb.byteLength).toBeLessThan(1500);
    const before = await kit.count('uploaded_assets');
    const drawn = kit.deps.renderPool.completed();
    const res = await upload(bomb);
    expect(res.status).toBe(422);
    const error = (await json<ErrorBody & { error: { details: Array<{ maximum: number }> } }>(res)).error;
    expect(error.code).toBe('image_too_complex');
    expect(error.details[0]).toMatchObject({ field: 'file', issue: 'svg_use_expansion', maximum: 20_000 });
    expect(await kit.count('uploaded_assets')).toBe(before);
    expect(kit.deps.renderPool.completed()).toBe(drawn);
  });

  it('still turns an ordinary SVG logo into a stored PNG', async () => {
    const res = await upload(
      svg(
        '<defs><path id="p" d="M0 0h10v10z" fill="#e4002b"/></defs><use href="#p"/><use href="#p" x="20"/>',
      ),
    );
    expect(res.status).toBe(201);
    expect((await json<{ data: { content_type: string; width: number } }>(res)).data).toMatchObject({
      content_type: 'image/png',
      width: 1024,
    });
  });

  it('refuses an SVG over its drawing budget with 422 while other requests are answered meanwhile', async () => {
    // A short drawing budget, so the test needs no very slow SVG to show it.
    const budgetKit = await startV1Kit({
      artifacts: createLocalArtifactStore(dir),
      renderPool: createRenderPool({ ...DEFAULT_RENDER_POOL_LIMITS, svgBudgetMs: 300 }),
    });
    const budgetKey = await budgetKit.key(ALL_SCOPES);
    // Within every policy limit (no filter at all), yet seconds of drawing: 1,500 half-transparent layers.
    const heavy = svg('<g opacity="0.5"><rect width="40" height="20"/></g>'.repeat(1_500));
    const order: string[] = [];
    const slow = uploadTo(budgetKit, budgetKey, heavy).then((res) => {
      order.push('svg');
      return res;
    });
    const list = await budgetKit.api('GET', '/v1/assets', { key: budgetKey });
    order.push('list');
    expect(list.status).toBe(200);
    const res = await slow;
    expect(order).toEqual(['list', 'svg']);
    expect(res.status).toBe(422);
    expect((await json<ErrorBody>(res)).error.details[0]).toMatchObject({
      issue: 'svg_render_time_exceeded',
    });
    await budgetKit.stop();
    // A second app and a fresh render process to start: more than the default on a busy machine.
  }, 90_000);

  it('refuses each costly filter primitive by the policy with 422 naming the limit, drawing nothing', async () => {
    const filtered = (filter: string) =>
      svg(`<filter id="f">${filter}</filter><rect width="40" height="20" filter="url(#f)"/>`);
    const cases = [
      ['<feTurbulence baseFrequency="0.05" numOctaves="400"/>', 'svg_filter_turbulence_octaves'],
      ['<feMorphology radius="30"/>', 'svg_filter_morphology_radius'],
      ['<feGaussianBlur stdDeviation="8"/>'.repeat(40), 'svg_filter_chain_too_long'],
      ['<feConvolveMatrix order="30"/>', 'svg_filter_convolve_order'],
    ] as const;
    const drawn = kit.deps.renderPool.completed();
    for (const [filter, issue] of cases) {
      const res = await upload(filtered(filter));
      expect(res.status).toBe(422);
      expect((await json<ErrorBody>(res)).error.details[0]).toMatchObject({ field: 'file', issue });
    }
    // The same blur set on a thousand shapes: each filter is cheap, all of them are not.
    const chain = await upload(
      svg(
        `<defs><filter id="b"><feGaussianBlur stdDeviation="8"/></filter></defs>${'<rect width="40" height="20" filter="url(#b)"/>'.repeat(1000)}`,
      ),
    );
    expect((await json<ErrorBody>(chain)).error.details[0]).toMatchObject({ issue: 'svg_filter_cost' });
    expect(kit.deps.renderPool.completed()).toBe(drawn);
  });
});
