import type { QrDesign } from './design';
import type { QrMatrix } from './encode';
import { layoutLabel, type LabelBox, type LabelLayout } from './label/layout';
import type { LabelFace } from './label/metrics';
import { circle, rect, roundedRect, type Corners, type Path } from './path';

/**
 * Everything a renderer draws, in module units (one module = 1), computed once from the module
 * matrix and the design. Renderers only map it to their format; none decides geometry.
 */
export type QrScene = {
  readonly matrix: QrMatrix;
  /** Artwork size in modules: symbol + quiet zone (+ frame ring and label band). */
  readonly width: number;
  readonly height: number;
  /** Top-left of the symbol inside the artwork. */
  readonly symbolX: number;
  readonly symbolY: number;
  /** The ground colour, or null when the background is transparent. */
  readonly background: string | null;
  readonly fg: string;
  /**
   * Every dark module and finder pattern, drawn as one filled shape: `darkRects` (flat x, y, w, h
   * quadruples on the module grid — the square parts, kept compact because they are most of a code)
   * plus `dark` (curved parts).
   */
  readonly darkRects: readonly number[];
  readonly dark: Path;
  /** True when every edge of `dark` lies on the module grid (crispEdges is safe). */
  readonly gridAligned: boolean;
  readonly logo: { readonly x: number; readonly y: number; readonly size: number } | null;
  /** Modules cleared behind the logo (a centred k × k block), 0 without knockout. */
  readonly knockoutModules: number;
  readonly frame: {
    readonly path: Path;
    readonly color: string;
    readonly label: LabelLayout & {
      readonly text: string;
      readonly font: LabelFace;
      readonly color: string;
      /** The band the label is fitted into (inside the frame ring). */
      readonly box: LabelBox;
    };
  } | null;
};

const FRAME_RING = 1;
/** Dots leave a visible gap yet still decode at 2 px a module (D-011). */
const DOT_RADIUS = 0.45;

/** The frame's label band height for an artwork of `inner` modules across. */
function bandHeight(inner: number): number {
  return Math.max(5, Math.round(inner * 0.2));
}

/** Side of the centred block of modules cleared behind a logo: odd like the symbol, ≥ logo + 1. */
export function knockoutSide(matrixSize: number, sizeRatio: number): number {
  const k = Math.ceil(matrixSize * sizeRatio + 1);
  return k % 2 === matrixSize % 2 ? k : k + 1;
}

export function buildScene(matrix: QrMatrix, design: QrDesign): QrScene {
  const { size } = matrix;
  const ring = design.frame === null ? 0 : FRAME_RING;
  const inner = size + 2 * design.margin + 2 * ring;
  const width = inner;
  const height = design.frame === null ? inner : inner + bandHeight(inner);
  const sx = design.margin + ring;
  const sy = design.margin + ring;

  let cleared: { lo: number; hi: number } | null = null;
  let knockoutModules = 0;
  let logo: QrScene['logo'] = null;
  if (design.logo !== null) {
    const ls = size * design.logo.sizeRatio;
    logo = { x: sx + (size - ls) / 2, y: sy + (size - ls) / 2, size: ls };
    if (design.logo.knockout) {
      const k = knockoutSide(size, design.logo.sizeRatio);
      const lo = (size - k) / 2;
      const hi = lo + k;
      cleared = { lo, hi };
      knockoutModules = k * k;
    }
  }

  const dark: Path = [];
  const darkRects: number[] = [];
  // The modules drawn as data: dark, not a finder pattern (drawn in its own style), not knocked out.
  const data = matrix.dark.slice();
  for (const [fx, fy] of [
    [0, 0],
    [size - 7, 0],
    [0, size - 7],
  ] as const) {
    for (let y = fy; y < fy + 7; y++) data.fill(0, y * size + fx, y * size + fx + 7);
  }
  if (cleared !== null) {
    for (let y = cleared.lo; y < cleared.hi; y++) data.fill(0, y * size + cleared.lo, y * size + cleared.hi);
  }
  const on = (x: number, y: number) => x >= 0 && y >= 0 && x < size && y < size && data[y * size + x] === 1;

  if (design.moduleShape === 'square') {
    // Horizontal runs: fewer sub-paths, same pixels.
    for (let y = 0; y < size; y++) {
      const row = y * size;
      let x = 0;
      while (x < size) {
        if (data[row + x] !== 1) {
          x++;
          continue;
        }
        const start = x;
        while (x < size && data[row + x] === 1) x++;
        darkRects.push(sx + start, sy + y, x - start, 1);
      }
    }
  } else {
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        if (!on(x, y)) continue;
        if (design.moduleShape === 'dots') {
          circle(dark, sx + x + 0.5, sy + y + 0.5, DOT_RADIUS);
        } else {
          // Round only outer corners, so neighbours fuse into smooth blobs.
          const r = 0.5;
          const up = on(x, y - 1);
          const down = on(x, y + 1);
          const left = on(x - 1, y);
          const right = on(x + 1, y);
          const radii: Corners = [
            !up && !left ? r : 0,
            !up && !right ? r : 0,
            !down && !right ? r : 0,
            !down && !left ? r : 0,
          ];
          roundedRect(dark, sx + x, sy + y, 1, 1, radii);
        }
      }
    }
  }

  for (const [fx, fy] of [
    [0, 0],
    [size - 7, 0],
    [0, size - 7],
  ] as const) {
    const x = sx + fx;
    const y = sy + fy;
    if (design.finderStyle === 'square') {
      darkRects.push(x, y, 7, 1, x, y + 6, 7, 1, x, y + 1, 1, 5, x + 6, y + 1, 1, 5, x + 2, y + 2, 3, 3);
    } else if (design.finderStyle === 'rounded') {
      roundedRect(dark, x, y, 7, 7, [2, 2, 2, 2]);
      roundedRect(dark, x + 1, y + 1, 5, 5, [1.2, 1.2, 1.2, 1.2], true);
      roundedRect(dark, x + 2, y + 2, 3, 3, [0.8, 0.8, 0.8, 0.8]);
    } else {
      circle(dark, x + 3.5, y + 3.5, 3.5);
      circle(dark, x + 3.5, y + 3.5, 2.5, true);
      circle(dark, x + 3.5, y + 3.5, 1.5);
    }
  }

  let frame: QrScene['frame'] = null;
  if (design.frame !== null) {
    const path: Path = [];
    roundedRect(path, 0, 0, width, height, [1, 1, 1, 1]);
    rect(path, ring, ring, inner - 2 * ring, inner - 2 * ring, true);
    // The band under the symbol, inside the ring; the label's size is fitted to it (D-520).
    const box: LabelBox = { left: ring, right: width - ring, top: inner - ring, bottom: height - ring };
    frame = {
      path,
      color: design.frame.color,
      label: {
        ...layoutLabel(design.frame.label, design.frame.font, box),
        text: design.frame.label,
        font: design.frame.font,
        color: design.frame.textColor,
        box,
      },
    };
  }

  return {
    matrix,
    width,
    height,
    symbolX: sx,
    symbolY: sy,
    background: design.transparentBackground ? null : design.bgColor,
    fg: design.fgColor,
    darkRects,
    dark,
    gridAligned: design.moduleShape === 'square' && design.finderStyle === 'square',
    logo,
    knockoutModules,
    frame,
  };
}
