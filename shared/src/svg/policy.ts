import { SemanticError, ValidationError } from '../errors/app-error';
import { parseSvg, type SvgNode } from './parse';
import { filterElementCost, filterFunctionCost, SVG_MAX_FILTER_PASSES, type FilterRefusal } from './filters';

export {
  SVG_MAX_BLUR_STD_DEVIATION_PX,
  SVG_MAX_CONVOLVE_ORDER,
  SVG_MAX_FILTER_PASSES,
  SVG_MAX_FILTER_PRIMITIVES,
  SVG_MAX_MORPHOLOGY_RADIUS_PX,
  SVG_MAX_TURBULENCE_OCTAVES,
} from './filters';

/** Most elements an SVG may have as written: a detailed brand mark has a few hundred. */
export const SVG_MAX_ELEMENTS = 5_000;
/** Deepest element nesting. */
export const SVG_MAX_DEPTH = 64;
/** Deepest nesting once every reference is replaced by what it refers to. */
export const SVG_MAX_EXPANDED_DEPTH = 4 * SVG_MAX_DEPTH;
/**
 * Most elements once every reference (`<use>`, `href` templates, masks, clip paths, patterns and
 * markers, a marker once per vertex) is expanded: what the renderer really draws.
 */
export const SVG_MAX_EXPANDED_ELEMENTS = 20_000;
/** The long side, in pixels, an SVG is drawn at by the policy's measure (the stored logo size). */
export const SVG_POLICY_RENDER_SIDE = 1024;

const URL_REF = /url\(\s*['"]?#([^'")\s]+)['"]?\s*\)/g;
/** Attributes (or style properties) whose `url(#id)` makes the renderer draw the target for this element. */
const REFERENCING = ['fill', 'stroke', 'mask', 'clip-path', 'filter'] as const;
/** Elements a style sheet rule can make draw something. */
const GRAPHICS = new Set([
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'image',
  'use',
  'g',
]);
/** Paint servers that draw no elements of their own: a sheet may point every shape at them. */
const GRADIENTS = new Set(['lineargradient', 'radialgradient']);
const MARKERS = ['marker', 'marker-start', 'marker-mid', 'marker-end'] as const;

const tooComplex = (field: string, issue: string, maximum: number, message: string) =>
  new SemanticError('image_too_complex', { message, details: [{ field, issue, maximum }] });

/** Declarations of a `style` attribute, by property (lower-case). */
function styleOf(node: SvgNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const decl of (node.attrs.get('style') ?? '').split(';')) {
    const at = decl.indexOf(':');
    if (at > 0) out.set(decl.slice(0, at).trim().toLowerCase(), decl.slice(at + 1).trim());
  }
  return out;
}

const property = (node: SvgNode, style: Map<string, string>, name: string) =>
  style.get(name) ?? node.attrs.get(name) ?? null;

const idsIn = (value: string | null): string[] =>
  value === null ? [] : [...value.matchAll(URL_REF)].map((m) => m[1] ?? '');

/** Rough vertex count of a shape (numbers / 2): how many times a `marker-mid` is drawn. */
function vertices(node: SvgNode): number {
  const data = node.attrs.get('d') ?? node.attrs.get('points') ?? '';
  return Math.max(2, Math.ceil((data.match(/[-+]?(?:\d*\.\d+|\d+)/g)?.length ?? 0) / 2));
}

/** The user-unit size of the root, as the renderer fits it to `SVG_POLICY_RENDER_SIDE`. */
function renderScale(root: SvgNode | undefined): number {
  const box = (root?.attrs.get('viewbox') ?? '').split(/[\s,]+/).map(Number);
  const sides =
    box.length === 4 && box.every(Number.isFinite)
      ? [box[2] ?? 0, box[3] ?? 0]
      : [parseFloat(root?.attrs.get('width') ?? '100'), parseFloat(root?.attrs.get('height') ?? '100')];
  const side = Math.max(...sides.map((s) => (Number.isFinite(s) && s > 0 ? s : 0)));
  return side > 0 ? SVG_POLICY_RENDER_SIDE / side : 1;
}

type Expanded = { readonly size: number; readonly passes: number };

/**
 * The one SVG policy (D-480) for every door an SVG comes in by: an uploaded logo, a QR design's
 * inline logo, a stored SVG logo before it is drawn. Parses the text once and refuses, before any
 * renderer sees it: references outside the file and DOCTYPE entities (400), too many or too deeply
 * nested elements, self-referring or over-expanding references, and costly filters (numOctaves,
 * morphology radius, blur deviation, convolution order, primitives per filter, total filter passes
 * over every filtered element as drawn) with 422 `image_too_complex`. Every detail names `field`.
 */
export function assertSvgPolicy(text: string, field: string): void {
  if (/<!ENTITY/i.test(text))
    throw new ValidationError([{ field, issue: 'svg_entities' }], {
      message: 'The SVG declares entities; remove the DOCTYPE.',
    });
  const roots = parseSvg(text, (count, depth) => {
    if (count > SVG_MAX_ELEMENTS)
      throw tooComplex(
        field,
        'svg_too_many_elements',
        SVG_MAX_ELEMENTS,
        `The SVG has more than ${SVG_MAX_ELEMENTS} elements.`,
      );
    if (depth > SVG_MAX_DEPTH)
      throw tooComplex(
        field,
        'svg_too_deep',
        SVG_MAX_DEPTH,
        `The SVG nests elements more than ${SVG_MAX_DEPTH} deep.`,
      );
  });
  const byId = new Map<string, SvgNode>();
  const sheets: string[] = [];
  const visit = (node: SvgNode) => {
    const href = node.attrs.get('href');
    // resvg reads an absolute path from the server's disk: only fragments and embedded rasters.
    if (
      href !== undefined &&
      !href.startsWith('#') &&
      !/^data:image\/(png|jpeg|gif|webp);base64,/i.test(href)
    )
      throw new ValidationError([{ field, issue: 'svg_external_reference' }], {
        message: 'The SVG refers to files or URLs outside itself; embed them or remove them.',
      });
    const id = node.attrs.get('id');
    if (id !== undefined && !byId.has(id)) byId.set(id, node);
    if (node.name === 'style') sheets.push(node.text);
    node.children.forEach(visit);
  };
  roots.forEach(visit);

  const scale = renderScale(roots[0]);
  const refuseFilter = (refusal: FilterRefusal) =>
    tooComplex(field, refusal.issue, refusal.maximum, refusal.message);
  // A style sheet may point many elements at one target with one selector: count its targets on every element.
  const sheetIds = sheets.flatMap((sheet) => idsIn(sheet));
  const sheetFilters = sheets.flatMap((sheet) =>
    [...sheet.matchAll(/filter\s*:\s*([^;}]+)/gi)].map((m) => m[1] ?? ''),
  );

  const known = new Map<SvgNode, Expanded>();
  const expanding = new Set<SvgNode>();
  const overLimit = () =>
    tooComplex(
      field,
      'svg_use_expansion',
      SVG_MAX_EXPANDED_ELEMENTS,
      `Expanded, the SVG's references draw more than ${SVG_MAX_EXPANDED_ELEMENTS} elements.`,
    );
  const overPasses = () =>
    tooComplex(
      field,
      'svg_filter_cost',
      SVG_MAX_FILTER_PASSES,
      `The SVG's filters, applied to every element they are set on, cost more than ${SVG_MAX_FILTER_PASSES} full-image passes.`,
    );
  // Memoised, so a chain of references costs its length, not its expansion.
  const expand = (node: SvgNode): Expanded => {
    const done = known.get(node);
    if (done !== undefined) return done;
    if (expanding.has(node))
      throw tooComplex(field, 'svg_use_cycle', 0, 'An element in the SVG refers to itself.');
    expanding.add(node);
    if (expanding.size > SVG_MAX_EXPANDED_DEPTH)
      throw tooComplex(
        field,
        'svg_use_too_deep',
        SVG_MAX_EXPANDED_DEPTH,
        `Expanded, the SVG's references nest more than ${SVG_MAX_EXPANDED_DEPTH} deep.`,
      );
    let size = 1;
    let passes =
      node.name === 'filter' ? filterElementCost(node, scale, SVG_POLICY_RENDER_SIDE, refuseFilter) : 0;
    const add = (target: SvgNode | undefined, times = 1) => {
      if (target === undefined) return;
      const inner = expand(target);
      size += inner.size * times;
      passes += inner.passes * times;
    };
    for (const child of node.children) add(child);
    const href = node.attrs.get('href');
    if (href?.startsWith('#')) add(byId.get(href.slice(1)));
    const style = styleOf(node);
    for (const name of REFERENCING) for (const id of idsIn(property(node, style, name))) add(byId.get(id));
    const filter = property(node, style, 'filter');
    if (filter !== null) passes += filterFunctionCost(filter, scale, refuseFilter);
    for (const name of MARKERS)
      for (const id of idsIn(property(node, style, name))) add(byId.get(id), vertices(node));
    if (GRAPHICS.has(node.name)) {
      for (const id of sheetIds) {
        const target = byId.get(id);
        // A sheet's rule also matches inside what it points at: only a real cycle is refused above.
        if (target !== undefined && !GRADIENTS.has(target.name) && !expanding.has(target)) add(target);
      }
      for (const value of sheetFilters) passes += filterFunctionCost(value, scale, refuseFilter);
    }
    expanding.delete(node);
    if (size > SVG_MAX_EXPANDED_ELEMENTS) throw overLimit();
    if (passes > SVG_MAX_FILTER_PASSES) throw overPasses();
    const result = { size, passes };
    known.set(node, result);
    return result;
  };
  let size = 0;
  let passes = 0;
  for (const root of roots) {
    const inner = expand(root);
    size += inner.size;
    passes += inner.passes;
    if (size > SVG_MAX_EXPANDED_ELEMENTS) throw overLimit();
    if (passes > SVG_MAX_FILTER_PASSES) throw overPasses();
  }
}
