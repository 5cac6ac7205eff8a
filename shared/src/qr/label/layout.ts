import { capHeightEm, measureText, unsupportedCharacters, type LabelFace } from './metrics';

/**
 * Frame-label layout with the bundled face's real metrics (D-520), in module units. Pure: the
 * browser preview and every print renderer place the same glyphs at the same spots.
 */
export type LabelLine = {
  readonly text: string;
  /** Pen start (left of the first advance box) and baseline. */
  readonly x: number;
  readonly baseline: number;
  /** Advance width. */
  readonly width: number;
};

export type LabelLayout = {
  readonly fontSize: number;
  readonly lines: readonly LabelLine[];
  /** Why the label cannot be printed as typed; the lines then hold a clipped best effort. */
  readonly problem:
    | null
    | { readonly kind: 'too_long'; readonly longestFit: string }
    | { readonly kind: 'unsupported'; readonly characters: readonly string[] };
};

/** The label band inside the frame ring, in modules. */
export type LabelBox = {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
};

/** Clear space between the label's ink and the frame's sides. */
export const LABEL_SIDE_MARGIN = 1;
/** Legibility floor: capitals at least this many modules tall (≥ 0.375 mm at the 0.3 mm module floor). */
export const MIN_LABEL_CAP_MODULES = 1.25;
/** The unconstrained size: half the band, as before fitting existed. */
const DEFAULT_SIZE_OF_BAND = 0.5;
/** Two lines: baseline-to-baseline distance and the room kept above and below the block, in cap heights. */
const LINE_PITCH_CAPS = 1.6;
const BLOCK_PAD_CAPS = 0.45;

type Fit = { fontSize: number; lines: string[] } | null;

function fitOneLine(text: string, face: LabelFace, box: LabelBox): Fit {
  const avail = box.right - box.left - 2 * LABEL_SIDE_MARGIN;
  const m = measureText(text, face);
  const ink = m.inkRight - m.inkLeft;
  const band = box.bottom - box.top;
  const fontSize = Math.min(band * DEFAULT_SIZE_OF_BAND, ink > 0 ? avail / ink : Infinity);
  return fontSize * capHeightEm(face) >= MIN_LABEL_CAP_MODULES ? { fontSize, lines: [text] } : null;
}

function fitTwoLines(text: string, face: LabelFace, box: LabelBox): Fit {
  const avail = box.right - box.left - 2 * LABEL_SIDE_MARGIN;
  const band = box.bottom - box.top;
  const cap = capHeightEm(face);
  const heightLimit = band / (cap * (1 + LINE_PITCH_CAPS + 2 * BLOCK_PAD_CAPS));
  let best: Fit = null;
  for (let i = text.indexOf(' '); i > 0; i = text.indexOf(' ', i + 1)) {
    const lines = [text.slice(0, i).trimEnd(), text.slice(i + 1).trimStart()];
    if (lines.some((l) => l === '')) continue;
    const widest = Math.max(
      ...lines.map((l) => {
        const m = measureText(l, face);
        return m.inkRight - m.inkLeft;
      }),
    );
    const fontSize = Math.min(band * DEFAULT_SIZE_OF_BAND, heightLimit, avail / widest);
    if (best === null || fontSize > best.fontSize) best = { fontSize, lines };
  }
  return best !== null && best.fontSize * cap >= MIN_LABEL_CAP_MODULES ? best : null;
}

function fit(text: string, face: LabelFace, box: LabelBox): Fit {
  return fitOneLine(text, face, box) ?? fitTwoLines(text, face, box);
}

function place(fitted: { fontSize: number; lines: string[] }, face: LabelFace, box: LabelBox): LabelLayout {
  const { fontSize } = fitted;
  const cap = capHeightEm(face) * fontSize;
  const pitch = cap * LINE_PITCH_CAPS;
  const block = cap + pitch * (fitted.lines.length - 1);
  const firstBaseline = (box.top + box.bottom) / 2 - block / 2 + cap;
  const centre = (box.left + box.right) / 2;
  return {
    fontSize,
    problem: null,
    lines: fitted.lines.map((text, i) => {
      const m = measureText(text, face);
      // Centre the ink, not the advance box: side bearings differ from glyph to glyph.
      const inkCentre = ((m.inkLeft + m.inkRight) / 2) * fontSize;
      return {
        text,
        x: centre - inkCentre,
        baseline: firstBaseline + i * pitch,
        width: m.advance * fontSize,
      };
    }),
  };
}

/** The longest start of `text` that fits: whole words when any fit, else characters. */
function longestFit(text: string, face: LabelFace, box: LabelBox): string {
  const words = text.split(' ');
  for (let n = words.length - 1; n > 0; n--) {
    const candidate = words.slice(0, n).join(' ').trimEnd();
    if (candidate !== '' && fit(candidate, face, box) !== null) return candidate;
  }
  for (let n = text.length - 1; n > 0; n--) {
    const candidate = text.slice(0, n).trimEnd();
    if (candidate !== '' && fit(candidate, face, box) !== null) return candidate;
  }
  return '';
}

export function layoutLabel(text: string, face: LabelFace, box: LabelBox): LabelLayout {
  const unsupported = unsupportedCharacters(text, face);
  const drawable = [...text].filter((c) => !unsupported.includes(c)).join('');
  const fitted = fit(drawable, face, box);
  if (fitted !== null) {
    const placed = place(fitted, face, box);
    return unsupported.length === 0
      ? placed
      : { ...placed, problem: { kind: 'unsupported', characters: unsupported } };
  }
  // Refused: drawn as one line at the floor size (the preview shows what overflows).
  const floor = MIN_LABEL_CAP_MODULES / capHeightEm(face);
  const placed = place({ fontSize: floor, lines: [drawable] }, face, box);
  return {
    ...placed,
    problem:
      unsupported.length > 0
        ? { kind: 'unsupported', characters: unsupported }
        : { kind: 'too_long', longestFit: longestFit(drawable, face, box) },
  };
}
