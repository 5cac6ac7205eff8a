import { SemanticError } from '../errors/app-error';

/** Most elements an uploaded SVG may have as written: a detailed brand mark has a few hundred. */
export const SVG_MAX_ELEMENTS = 5_000;
/** Deepest element nesting. */
export const SVG_MAX_DEPTH = 64;
/** Deepest nesting once every `<use>` is replaced by what it refers to. */
export const SVG_MAX_EXPANDED_DEPTH = 4 * SVG_MAX_DEPTH;
/** Most elements once every `<use>` is expanded: what the renderer really draws; nested `<use>` grows by a factor per level. */
export const SVG_MAX_EXPANDED_ELEMENTS = 20_000;

type SvgElement = {
  readonly id: string | null;
  readonly href: string | null;
  readonly children: SvgElement[];
};

const tooComplex = (issue: string, maximum: number, message: string) =>
  new SemanticError('image_too_complex', { message, details: [{ field: 'file', issue, maximum }] });

// Markup that is not an element (comments, CDATA, processing instructions, the DOCTYPE), or a tag.
const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE[^>[]*(?:\[[\s\S]*?\])?\s*>|<(\/?)([A-Za-z_][\w.:-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;

function attribute(attrs: string, name: RegExp): string | null {
  const m = new RegExp(`(?:^|\\s)${name.source}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(attrs);
  return m === null ? null : (m[1] ?? m[2] ?? '').trim();
}

/** The element tree as written, refused past the element and depth limits while it is read. */
function elementTree(text: string): SvgElement[] {
  const roots: SvgElement[] = [];
  const open: SvgElement[] = [];
  let count = 0;
  for (const m of text.matchAll(TOKEN)) {
    const [, closing, name, attrs] = m;
    if (name === undefined || attrs === undefined) continue;
    if (closing === '/') {
      open.pop();
      continue;
    }
    count++;
    if (count > SVG_MAX_ELEMENTS)
      throw tooComplex(
        'svg_too_many_elements',
        SVG_MAX_ELEMENTS,
        `The SVG has more than ${SVG_MAX_ELEMENTS} elements.`,
      );
    const isUse = /^(?:[\w.-]+:)?use$/i.test(name);
    const element: SvgElement = {
      id: attribute(attrs, /id/),
      href: isUse ? attribute(attrs, /(?:xlink:)?href/) : null,
      children: [],
    };
    (open[open.length - 1]?.children ?? roots).push(element);
    if (attrs.trimEnd().endsWith('/')) continue;
    open.push(element);
    if (open.length > SVG_MAX_DEPTH)
      throw tooComplex(
        'svg_too_deep',
        SVG_MAX_DEPTH,
        `The SVG nests elements more than ${SVG_MAX_DEPTH} deep.`,
      );
  }
  return roots;
}

/**
 * Refuses (422 `image_too_complex`, with the limit) an SVG whose rendering would be unbounded: too
 * many elements, too deep, a `<use>` that refers to itself, or more than
 * `SVG_MAX_EXPANDED_ELEMENTS` elements (or `SVG_MAX_EXPANDED_DEPTH` levels) once every `<use>` is expanded. Linear in the file; runs before any
 * renderer sees it.
 */
export function assertSvgWithinLimits(text: string): void {
  const roots = elementTree(text);
  const byId = new Map<string, SvgElement>();
  const visit = (e: SvgElement) => {
    if (e.id !== null && !byId.has(e.id)) byId.set(e.id, e);
    e.children.forEach(visit);
  };
  roots.forEach(visit);
  const sizes = new Map<SvgElement, number>();
  const expanding = new Set<SvgElement>();
  const overLimit = () =>
    tooComplex(
      'svg_use_expansion',
      SVG_MAX_EXPANDED_ELEMENTS,
      `Expanded, the SVG's <use> references draw more than ${SVG_MAX_EXPANDED_ELEMENTS} elements.`,
    );
  // Memoised, so a chain of references costs its length, not its expansion.
  const expandedSize = (e: SvgElement): number => {
    const known = sizes.get(e);
    if (known !== undefined) return known;
    if (expanding.has(e))
      throw tooComplex('svg_use_cycle', 0, 'A <use> element in the SVG refers to itself.');
    expanding.add(e);
    if (expanding.size > SVG_MAX_EXPANDED_DEPTH) {
      throw tooComplex(
        'svg_use_too_deep',
        SVG_MAX_EXPANDED_DEPTH,
        `Expanded, the SVG's <use> references nest more than ${SVG_MAX_EXPANDED_DEPTH} deep.`,
      );
    }
    let size = 1;
    for (const child of e.children) size += expandedSize(child);
    const target = e.href?.startsWith('#') ? byId.get(e.href.slice(1)) : undefined;
    if (target !== undefined) size += expandedSize(target);
    expanding.delete(e);
    if (size > SVG_MAX_EXPANDED_ELEMENTS) throw overLimit();
    sizes.set(e, size);
    return size;
  };
  let total = 0;
  for (const root of roots) {
    total += expandedSize(root);
    if (total > SVG_MAX_EXPANDED_ELEMENTS) throw overLimit();
  }
}
