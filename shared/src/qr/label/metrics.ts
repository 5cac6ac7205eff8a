import tables from './metrics.json';

export type LabelFace = 'sans' | 'serif' | 'mono';

/** One face's metrics, generated from its TTF by scripts/generate-label-font.ts (font units). */
export type LabelFaceMetrics = {
  readonly name: string;
  readonly unitsPerEm: number;
  readonly capHeight: number;
  readonly ascent: number;
  readonly descent: number;
  /** The characters the face draws; the arrays below are indexed like it. */
  readonly chars: string;
  readonly advances: readonly number[];
  readonly inkLeft: readonly number[];
  readonly inkRight: readonly number[];
};
export type LabelFontMetrics = {
  readonly source: string;
  readonly faces: Readonly<Record<LabelFace, LabelFaceMetrics>>;
};
/** Per face, per character: SVG path data in font units, y up, only M/L/C/Z. */
export type LabelFontOutlines = Readonly<Record<LabelFace, Readonly<Record<string, string>>>>;

export const LABEL_FONT_METRICS: LabelFontMetrics = tables;

type Indexed = { readonly face: LabelFaceMetrics; readonly index: ReadonlyMap<string, number> };
const indexed = new Map<LabelFace, Indexed>();

function indexOf(face: LabelFace): Indexed {
  let entry = indexed.get(face);
  if (entry === undefined) {
    const metrics = LABEL_FONT_METRICS.faces[face];
    entry = { face: metrics, index: new Map([...metrics.chars].map((c, i) => [c, i])) };
    indexed.set(face, entry);
  }
  return entry;
}

/** The characters of `text` the face cannot draw, each once, in order. */
export function unsupportedCharacters(text: string, face: LabelFace): string[] {
  const { index } = indexOf(face);
  return [...new Set([...text].filter((c) => !index.has(c)))];
}

export type TextMeasure = {
  /** Advance width in em. */
  readonly advance: number;
  /** Ink extent in em from the pen's start: left edge of the first glyph, right edge of the last. */
  readonly inkLeft: number;
  readonly inkRight: number;
};

/** Width of a run of supported characters in em (no kerning: D-520); unknown characters are skipped. */
export function measureText(text: string, face: LabelFace): TextMeasure {
  const { face: m, index } = indexOf(face);
  let pen = 0;
  let inkLeft = Infinity;
  let inkRight = -Infinity;
  for (const c of text) {
    const i = index.get(c);
    if (i === undefined) continue;
    const l = m.inkLeft[i] ?? 0;
    const r = m.inkRight[i] ?? 0;
    if (r > l) {
      inkLeft = Math.min(inkLeft, pen + l);
      inkRight = Math.max(inkRight, pen + r);
    }
    pen += m.advances[i] ?? 0;
  }
  const em = m.unitsPerEm;
  return inkLeft === Infinity
    ? { advance: pen / em, inkLeft: 0, inkRight: 0 }
    : { advance: pen / em, inkLeft: inkLeft / em, inkRight: inkRight / em };
}

/** Cap height of the face in em. */
export function capHeightEm(face: LabelFace): number {
  const m = LABEL_FONT_METRICS.faces[face];
  return m.capHeight / m.unitsPerEm;
}

/** Advance of each character in em (unsupported characters advance 0). */
export function advancesEm(text: string, face: LabelFace): number[] {
  const { face: m, index } = indexOf(face);
  return [...text].map((c) => {
    const i = index.get(c);
    return i === undefined ? 0 : (m.advances[i] ?? 0) / m.unitsPerEm;
  });
}
