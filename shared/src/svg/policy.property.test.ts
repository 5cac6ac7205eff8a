import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import { toErrorEnvelope } from '../errors/envelope';
import {
  assertSvgPolicy,
  SVG_MAX_BLUR_STD_DEVIATION_PX,
  SVG_MAX_CONVOLVE_ORDER,
  SVG_MAX_FILTER_PASSES,
  SVG_MAX_FILTER_PRIMITIVES,
  SVG_MAX_MORPHOLOGY_RADIUS_PX,
  SVG_MAX_TURBULENCE_OCTAVES,
  SVG_POLICY_RENDER_SIDE,
} from './policy';

/** One filter primitive with what it costs by the policy's own measure, or `over` if a cap refuses it. */
type Primitive = { readonly markup: string; readonly passes: number; readonly over: boolean };

/** The drawing is 40 user units wide, drawn at 1024 px: a user unit is 25.6 px. */
const SIDE = 40;
const PX = SVG_POLICY_RENDER_SIDE / SIDE;

const primitive: fc.Arbitrary<Primitive> = fc.oneof(
  fc.integer({ min: 1, max: 400 }).map((octaves) => ({
    markup: `<feTurbulence baseFrequency="0.05" numOctaves="${octaves}"/>`,
    passes: Math.max(1, octaves / 2),
    over: octaves > SVG_MAX_TURBULENCE_OCTAVES,
  })),
  fc.double({ min: 0, max: 50, noNaN: true }).map((radius) => ({
    markup: `<feMorphology operator="dilate" radius="${radius}"/>`,
    passes: Math.max(1, (2 * radius * PX + 1) ** 2 / 64),
    over: radius * PX > SVG_MAX_MORPHOLOGY_RADIUS_PX,
  })),
  fc.double({ min: 0, max: 20, noNaN: true }).map((deviation) => ({
    markup: `<feGaussianBlur stdDeviation="${deviation}"/>`,
    passes: 1,
    over: deviation * PX > SVG_MAX_BLUR_STD_DEVIATION_PX,
  })),
  fc.integer({ min: 1, max: 40 }).map((order) => ({
    markup: `<feConvolveMatrix order="${order}" kernelMatrix="${'1 '.repeat(order * order)}"/>`,
    passes: Math.max(1, (order * order) / 25),
    over: order > SVG_MAX_CONVOLVE_ORDER,
  })),
  fc.constant({ markup: '<feOffset dx="1"/>', passes: 1, over: false }),
);

/** A filter chain, set on `uses` shapes drawn through one `<use>` each (and the shape itself). */
const filteredSvg = fc.record({
  chain: fc.array(primitive, { minLength: 1, maxLength: 24 }),
  shapes: fc.integer({ min: 1, max: 60 }),
});

const field = 'design.logo.source.dataUrl';

function outcome(text: string): 'ok' | { issue: string } {
  try {
    assertSvgPolicy(text, field);
    return 'ok';
  } catch (error) {
    // Every refusal is the one envelope, a client error naming the field: never a 500, never a crash.
    const { status, body } = toErrorEnvelope(error, 'req');
    expect([400, 422]).toContain(status);
    const detail = body.error.details[0];
    expect(detail).toMatchObject({ field, issue: expect.any(String) });
    return { issue: String(detail?.issue) };
  }
}

test.prop([filteredSvg])(
  'an SVG with costly filter primitives is refused exactly when a cap or the total filter cost is exceeded',
  ({ chain, shapes }) => {
    const shape = `<rect id="s" width="${SIDE}" height="${SIDE / 2}" filter="url(#f)"/>`;
    const text = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE / 2}" viewBox="0 0 ${SIDE} ${SIDE / 2}"><defs><filter id="f">${chain.map((p) => p.markup).join('')}</filter></defs>${shape}${'<use href="#s"/>'.repeat(shapes - 1)}</svg>`;
    const result = outcome(text);
    const overCap = chain.length > SVG_MAX_FILTER_PRIMITIVES || chain.some((p) => p.over);
    const perFilter = chain.reduce((sum, p) => sum + p.passes, 0);
    // The filter as written counts once, and once for each shape it is drawn on (summed as the policy sums).
    let total = 0;
    for (let n = 0; n <= shapes; n++) total += perFilter;
    const overCost = total > SVG_MAX_FILTER_PASSES;
    if (overCap || overCost) expect(result).not.toBe('ok');
    else expect(result).toBe('ok');
  },
);

/** Markup-shaped text with filters, references and style sheets in any order: never a crash. */
const piece = fc.oneof(
  fc.constantFrom(
    '<g>',
    '</g>',
    '<filter id="f">',
    '</filter>',
    '<feTurbulence numOctaves="100"/>',
    '<feMorphology radius="1e9"/>',
    '<feMorphology radius="NaN"/>',
    '<feGaussianBlur stdDeviation="-5 x"/>',
    '<feImage href="#a"/>',
    '<rect filter="url(#f)"/>',
    '<rect style="filter: blur(1e6px)"/>',
    '<path d="M0 0L1 1L2 2" marker-mid="url(#m)"/>',
    '<marker id="m"><rect/></marker>',
    '<style>rect{filter:url(#f)}</style>',
    '<mask id="a"><use href="#a"/></mask>',
    '<image href="/etc/passwd"/>',
    '<',
    '"',
  ),
  fc
    .tuple(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('a', 'b', 'c', 'f', 'm'))
    .map(([id, ref]) => `<g id="${id}" mask="url(#${ref})"><use href="#${ref}"/>`),
  fc.string(),
);

test.prop([fc.array(piece, { maxLength: 300 })])(
  'any markup-shaped text with filters and references is accepted or refused with the envelope',
  (pieces) => {
    outcome(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20">${pieces.join('')}</svg>`);
  },
);
