import type { SvgNode } from './parse';

/**
 * What filters may cost (D-480). A "pass" is one full-image filter step at the size the SVG is drawn
 * at (about a Gaussian blur over the whole image: 0.1–0.2 s of CPU at 1024 px). Sizes given in user
 * units are measured in pixels at that size, as the renderer would draw them.
 */
/** Above about 10 octaves each octave adds less than one 8-bit step; resvg's cost grows with every one. */
export const SVG_MAX_TURBULENCE_OCTAVES = 10;
/** resvg's morphology visits (2r+1)² pixels per pixel: radius 50 px is about 6 s. */
export const SVG_MAX_MORPHOLOGY_RADIUS_PX = 8;
/** Larger blurs are indistinguishable from a flat fill at logo sizes. */
export const SVG_MAX_BLUR_STD_DEVIATION_PX = 256;
/** Side of a convolution kernel: its cost is the kernel's area per pixel. */
export const SVG_MAX_CONVOLVE_ORDER = 7;
/** Primitives in one `<filter>`: a chain longer than this is a cost, not a look. */
export const SVG_MAX_FILTER_PRIMITIVES = 16;
/** Passes over the whole drawing: every filter, times every element (as drawn) it is set on. */
export const SVG_MAX_FILTER_PASSES = 24;

export type FilterRefusal = { readonly issue: string; readonly maximum: number; readonly message: string };
type Refuse = (refusal: FilterRefusal) => Error;

const numbers = (value: string | undefined): number[] =>
  (value ?? '')
    .trim()
    .split(/[\s,]+/)
    .filter((s) => s !== '')
    .map(Number);

/** The largest of a one-or-two-number attribute (`radius="3 8"`), or `fallback`; NaN is refused by the callers. */
const largest = (value: string | undefined, fallback: number): number => {
  const list = numbers(value);
  return list.length === 0
    ? fallback
    : Math.max(...list.map((n) => (Number.isNaN(n) ? Infinity : Math.abs(n))));
};

function primitiveCost(node: SvgNode, scale: number, refuse: Refuse): number {
  switch (node.name) {
    case 'feturbulence': {
      const octaves = largest(node.attrs.get('numoctaves'), 1);
      if (octaves > SVG_MAX_TURBULENCE_OCTAVES)
        throw refuse({
          issue: 'svg_filter_turbulence_octaves',
          maximum: SVG_MAX_TURBULENCE_OCTAVES,
          message: `An feTurbulence filter asks for more than ${SVG_MAX_TURBULENCE_OCTAVES} octaves (numOctaves).`,
        });
      return Math.max(1, octaves / 2);
    }
    case 'femorphology': {
      const radius = largest(node.attrs.get('radius'), 0) * scale;
      if (radius > SVG_MAX_MORPHOLOGY_RADIUS_PX)
        throw refuse({
          issue: 'svg_filter_morphology_radius',
          maximum: SVG_MAX_MORPHOLOGY_RADIUS_PX,
          message: `An feMorphology filter's radius is more than ${SVG_MAX_MORPHOLOGY_RADIUS_PX} px at the size the SVG is drawn.`,
        });
      return Math.max(1, (2 * radius + 1) ** 2 / 64);
    }
    case 'fegaussianblur':
    case 'fedropshadow':
      return blurCost(largest(node.attrs.get('stddeviation'), 0) * scale, refuse);
    case 'feconvolvematrix': {
      const order = largest(node.attrs.get('order'), 3);
      if (order > SVG_MAX_CONVOLVE_ORDER)
        throw refuse({
          issue: 'svg_filter_convolve_order',
          maximum: SVG_MAX_CONVOLVE_ORDER,
          message: `An feConvolveMatrix kernel is larger than ${SVG_MAX_CONVOLVE_ORDER}×${SVG_MAX_CONVOLVE_ORDER}.`,
        });
      return Math.max(1, (order * order) / 25);
    }
    case 'feimage': {
      // Drawing another element of the file inside a filter: nested, repeated renders. Rasters only.
      const href = node.attrs.get('href') ?? '';
      if (href.startsWith('#'))
        throw refuse({
          issue: 'svg_filter_image_reference',
          maximum: 0,
          message: 'An feImage filter draws an element of the SVG; only embedded raster images are accepted.',
        });
      return 1;
    }
    default:
      return 1;
  }
}

function blurCost(deviationPx: number, refuse: Refuse): number {
  if (deviationPx > SVG_MAX_BLUR_STD_DEVIATION_PX)
    throw refuse({
      issue: 'svg_filter_blur_deviation',
      maximum: SVG_MAX_BLUR_STD_DEVIATION_PX,
      message: `A blur's standard deviation is more than ${SVG_MAX_BLUR_STD_DEVIATION_PX} px at the size the SVG is drawn.`,
    });
  return 1;
}

/** Passes of one `<filter>` element: its primitives (lights and merge nodes are part of theirs). */
export function filterElementCost(filter: SvgNode, scale: number, drawnSide: number, refuse: Refuse): number {
  const primitives = filter.children.filter((c) => c.name.startsWith('fe'));
  if (primitives.length > SVG_MAX_FILTER_PRIMITIVES)
    throw refuse({
      issue: 'svg_filter_chain_too_long',
      maximum: SVG_MAX_FILTER_PRIMITIVES,
      message: `A filter chains more than ${SVG_MAX_FILTER_PRIMITIVES} primitives.`,
    });
  // objectBoundingBox primitive units make lengths fractions of the element: at most the whole drawing.
  const unitScale = filter.attrs.get('primitiveunits') === 'objectBoundingBox' ? drawnSide : scale;
  return primitives.reduce((sum, p) => sum + primitiveCost(p, unitScale, refuse), 0);
}

/** Passes of CSS filter functions in a `filter` value (`blur(4px) drop-shadow(…)`); `url(#…)` targets are counted as elements. */
export function filterFunctionCost(value: string, scale: number, refuse: Refuse): number {
  let passes = 0;
  for (const m of value.matchAll(/([a-z-]+)\(([^)]*)\)/gi)) {
    const name = (m[1] ?? '').toLowerCase();
    if (name === 'url') continue;
    passes +=
      name === 'blur' || name === 'drop-shadow'
        ? blurCost(
            Math.max(
              0,
              ...numbers((m[2] ?? '').replace(/[a-z%]+/gi, ' ')).map((n) =>
                Number.isNaN(n) ? Infinity : Math.abs(n),
              ),
            ) * scale,
            refuse,
          )
        : 1;
  }
  return passes;
}
