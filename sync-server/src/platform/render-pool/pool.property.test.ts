import { fc, test } from '@fast-check/vitest';
import { afterAll, expect } from 'vitest';
import { toErrorEnvelope } from '@linkhub/shared/errors/envelope';
import { createRenderPool, DEFAULT_RENDER_POOL_LIMITS } from './pool';
import type { ProcessPoolEvent } from './processes';

const events: ProcessPoolEvent[] = [];
const pool = createRenderPool({ ...DEFAULT_RENDER_POOL_LIMITS, threads: 1, maxQueue: 1 }, (event) =>
  events.push(event),
);
afterAll(() => pool.close());

/** Costly primitives, from harmless to far over every cap. */
const primitive = fc.oneof(
  fc.integer({ min: 1, max: 400 }).map((n) => `<feTurbulence baseFrequency="0.05" numOctaves="${n}"/>`),
  fc.double({ min: 0, max: 40, noNaN: true }).map((r) => `<feMorphology radius="${r}"/>`),
  fc.double({ min: 0, max: 20, noNaN: true }).map((s) => `<feGaussianBlur stdDeviation="${s}"/>`),
  fc
    .integer({ min: 1, max: 12 })
    .map((o) => `<feConvolveMatrix order="${o}" kernelMatrix="${'1 '.repeat(o * o)}"/>`),
);

const bomb = fc.record({
  chain: fc.array(primitive, { minLength: 1, maxLength: 20 }),
  shapes: fc.integer({ min: 1, max: 40 }),
  nesting: fc.integer({ min: 0, max: 6 }),
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test.prop([bomb], { numRuns: 8 })(
  'a generated SVG bomb is refused by the policy or drawn within the budget, and a render over it leaves no process running',
  async ({ chain, shapes, nesting }) => {
    let defs = `<filter id="f">${chain.join('')}</filter><rect id="l0" width="40" height="20" filter="url(#f)"/>`;
    for (let n = 1; n <= nesting; n++)
      defs += `<g id="l${n}"><use href="#l${n - 1}"/><use href="#l${n - 1}"/></g>`;
    const text = `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20"><defs>${defs}</defs>${`<use href="#l${nesting}"/>`.repeat(shapes)}</svg>`;
    const killedBefore = events.filter((e) => e.type === 'kill').length;
    const outcome = await pool.rasteriseSvg(text, 'file').then(
      (image) => ({ drawn: image.width }),
      (error: unknown) => toErrorEnvelope(error, 'req'),
    );
    if ('drawn' in outcome) expect(outcome.drawn).toBe(1024);
    else {
      // Always the envelope: a policy refusal or a render over its budget, 422 naming the file.
      expect(outcome.status).toBe(422);
      expect(outcome.body.error.code).toBe('image_too_complex');
      expect(outcome.body.error.details[0]).toMatchObject({ field: 'file' });
    }
    for (const killed of events.filter((e) => e.type === 'kill').slice(killedBefore)) {
      await pool.exited(killed.pid);
      expect(alive(killed.pid)).toBe(false);
    }
    expect(pool.processes().every((p) => p.state !== 'busy')).toBe(true);
  },
  // Each run may draw for up to the 3 s budget on a busy machine.
  240_000,
);
