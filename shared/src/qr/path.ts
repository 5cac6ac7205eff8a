/**
 * Vector outlines in module units, shared by every renderer. Shapes are closed sub-paths; solids
 * run clockwise and holes counter-clockwise, so one path filled with the non-zero rule draws rings
 * without an even-odd dependency, and touching squares fuse (no hairline seams in any viewer).
 */
export type PathCmd =
  | { readonly op: 'M' | 'L'; readonly x: number; readonly y: number }
  | {
      readonly op: 'C';
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
      readonly x: number;
      readonly y: number;
    }
  | { readonly op: 'Z' };

export type Path = PathCmd[];

/** Bézier handle length for a quarter circle. */
const KAPPA = 0.5522847498;
/** How far a quarter circle's handle sits from the corner. */
const KAPPA_REST = 1 - KAPPA;

export function rect(path: Path, x: number, y: number, w: number, h: number, hole = false): void {
  if (hole) {
    path.push(
      { op: 'M', x, y },
      { op: 'L', x, y: y + h },
      { op: 'L', x: x + w, y: y + h },
      { op: 'L', x: x + w, y },
      { op: 'Z' },
    );
  } else {
    path.push(
      { op: 'M', x, y },
      { op: 'L', x: x + w, y },
      { op: 'L', x: x + w, y: y + h },
      { op: 'L', x, y: y + h },
      { op: 'Z' },
    );
  }
}

/** Radii per corner, clockwise from the top-left. */
export type Corners = readonly [number, number, number, number];

/** A rectangle with per-corner radii (0 = sharp). */
export function roundedRect(
  path: Path,
  x: number,
  y: number,
  w: number,
  h: number,
  radii: Corners,
  hole = false,
): void {
  if (hole) {
    const cw: Path = [];
    roundedRect(cw, x, y, w, h, radii);
    path.push(...reverse(cw));
    return;
  }
  const [tl, tr, br, bl] = radii;
  // Clockwise outline in screen coordinates (y down), starting after the top-left corner.
  path.push({ op: 'M', x: x + tl, y }, { op: 'L', x: x + w - tr, y });
  if (tr > 0)
    path.push({
      op: 'C',
      x1: x + w - tr * KAPPA_REST,
      y1: y,
      x2: x + w,
      y2: y + tr * KAPPA_REST,
      x: x + w,
      y: y + tr,
    });
  path.push({ op: 'L', x: x + w, y: y + h - br });
  if (br > 0)
    path.push({
      op: 'C',
      x1: x + w,
      y1: y + h - br * KAPPA_REST,
      x2: x + w - br * KAPPA_REST,
      y2: y + h,
      x: x + w - br,
      y: y + h,
    });
  path.push({ op: 'L', x: x + bl, y: y + h });
  if (bl > 0)
    path.push({
      op: 'C',
      x1: x + bl * KAPPA_REST,
      y1: y + h,
      x2: x,
      y2: y + h - bl * KAPPA_REST,
      x,
      y: y + h - bl,
    });
  path.push({ op: 'L', x, y: y + tl });
  if (tl > 0)
    path.push({ op: 'C', x1: x, y1: y + tl * KAPPA_REST, x2: x + tl * KAPPA_REST, y2: y, x: x + tl, y });
  path.push({ op: 'Z' });
}

export function circle(path: Path, cx: number, cy: number, r: number, hole = false): void {
  roundedRect(path, cx - r, cy - r, 2 * r, 2 * r, [r, r, r, r], hole);
}

/** Reverses one closed sub-path (M … Z) so it winds the other way. */
function reverse(sub: readonly PathCmd[]): PathCmd[] {
  const points: { x: number; y: number }[] = [];
  const segments: PathCmd[] = [];
  for (const c of sub) {
    if (c.op === 'Z') continue;
    points.push({ x: c.x, y: c.y });
    segments.push(c);
  }
  const first = points[0];
  const last = points[points.length - 1];
  if (first === undefined || last === undefined) return [];
  const out: PathCmd[] = [{ op: 'M', x: first.x, y: first.y }];
  // The implicit closing edge (last → first) becomes the first edge of the reversed path.
  if (last.x !== first.x || last.y !== first.y) out.push({ op: 'L', x: last.x, y: last.y });
  for (let i = segments.length - 1; i >= 1; i--) {
    const seg = segments[i];
    const to = points[i - 1];
    if (seg === undefined || to === undefined) continue;
    if (seg.op === 'C')
      out.push({ op: 'C', x1: seg.x2, y1: seg.y2, x2: seg.x1, y2: seg.y1, x: to.x, y: to.y });
    else out.push({ op: 'L', x: to.x, y: to.y });
  }
  out.push({ op: 'Z' });
  return out;
}

function num(v: number): string {
  return Number.isInteger(v) ? int(v) : String(Math.round(v * 1000) / 1000);
}

/** SVG path data for flat x, y, w, h rectangles (clockwise). */
export function rectsToSvgPathData(rects: readonly number[]): string {
  let d = '';
  for (let i = 0; i + 3 < rects.length; i += 4) {
    const w = int(rects[i + 2] ?? 0);
    d +=
      'M' +
      int(rects[i] ?? 0) +
      ' ' +
      int(rects[i + 1] ?? 0) +
      'h' +
      w +
      'v' +
      int(rects[i + 3] ?? 0) +
      'h-' +
      w +
      'z';
  }
  return d;
}

/** Small non-negative integers as strings, precomputed: the grid's coordinates are all of them. */
const INTS = Array.from({ length: 512 }, (_, i) => String(i));
function int(v: number): string {
  return INTS[v] ?? String(v);
}

/** SVG path data in module units. */
export function toSvgPathData(path: readonly PathCmd[]): string {
  let d = '';
  for (const c of path) {
    if (c.op === 'Z') d += 'Z';
    else if (c.op === 'C')
      d += `C${num(c.x1)} ${num(c.y1)} ${num(c.x2)} ${num(c.y2)} ${num(c.x)} ${num(c.y)}`;
    else d += `${c.op}${num(c.x)} ${num(c.y)}`;
  }
  return d;
}
