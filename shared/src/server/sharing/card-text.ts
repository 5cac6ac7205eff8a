// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- fontkit ships no types (its declaration is beside the QR label generator)
/// <reference path="../qr/label/fontkit.d.ts" />
import type { Font, PathCommand } from 'fontkit';

/** One glyph to draw: the face that has it and the code point. */
type Placed = { font: Font; codePoint: number };

/** Each character in the first face that has it; a character no face has is left out (never a box). */
function place(text: string, faces: readonly Font[]): Placed[] {
  const out: Placed[] = [];
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    const font = faces.find((f) => f.hasGlyphForCodePoint(codePoint));
    if (font !== undefined) out.push({ font, codePoint });
  }
  return out;
}

/** The width of a run at a size, in pixels (advance widths; no kerning, as the QR labels of D-520). */
export function runWidth(text: string, faces: readonly Font[], size: number): number {
  return place(text, faces).reduce(
    (sum, { font, codePoint }) =>
      sum + (font.glyphForCodePoint(codePoint).advanceWidth * size) / font.unitsPerEm,
    0,
  );
}

const r = (v: number) => Math.round(v * 10) / 10;

/** SVG path data of a glyph outline at a pen position (font units are y-up; SVG is y-down). */
function glyphPath(commands: readonly PathCommand[], x: number, baseline: number, scale: number): string {
  const px = (v: number) => r(x + v * scale);
  const py = (v: number) => r(baseline - v * scale);
  const out: string[] = [];
  for (const { command, args } of commands) {
    const a = args.map(Number);
    const pairs: string[] = [];
    for (let i = 0; i + 1 < a.length; i += 2) pairs.push(`${px(a[i] ?? 0)} ${py(a[i + 1] ?? 0)}`);
    if (command === 'moveTo') out.push(`M${pairs.join(' ')}`);
    else if (command === 'lineTo') out.push(`L${pairs.join(' ')}`);
    else if (command === 'quadraticCurveTo') out.push(`Q${pairs.join(' ')}`);
    else if (command === 'bezierCurveTo') out.push(`C${pairs.join(' ')}`);
    else if (command === 'closePath') out.push('Z');
  }
  return out.join('');
}

/** A line of text as filled outlines: no font is needed where the SVG is rasterised. */
export function textPath(
  text: string,
  faces: readonly Font[],
  size: number,
  x: number,
  baseline: number,
): string {
  let pen = x;
  const parts: string[] = [];
  for (const { font, codePoint } of place(text, faces)) {
    const glyph = font.glyphForCodePoint(codePoint);
    const scale = size / font.unitsPerEm;
    parts.push(glyphPath(glyph.path.commands, pen, baseline, scale));
    pen += glyph.advanceWidth * scale;
  }
  return parts.join('');
}

/** Cuts a line by characters until it (with a trailing ellipsis when `ellipsis`) fits `width`. */
function fit(line: string, faces: readonly Font[], size: number, width: number, ellipsis: boolean): string {
  let chars = [...line];
  const withEnd = () => chars.join('').trimEnd() + (ellipsis ? '…' : '');
  while (chars.length > 1 && runWidth(withEnd(), faces, size) > width) chars = chars.slice(0, -1);
  return withEnd();
}

/**
 * Words into at most `maxLines` lines no wider than `width`, filled greedily; what does not fit
 * ends the last line with an ellipsis. A single word wider than a line is cut.
 */
export function wrapText(
  text: string,
  faces: readonly Font[],
  size: number,
  width: number,
  maxLines: number,
): { lines: string[]; overflow: boolean } {
  const words = text
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    const candidate = last === undefined ? word : `${last} ${word}`;
    if (last !== undefined && runWidth(candidate, faces, size) <= width) lines[lines.length - 1] = candidate;
    else lines.push(word);
  }
  const overflow = lines.length > maxLines;
  const kept = lines
    .slice(0, maxLines)
    .map((line, i, all) =>
      runWidth(line, faces, size) > width || (overflow && i === all.length - 1)
        ? fit(line, faces, size, width, overflow && i === all.length - 1)
        : line,
    );
  return { lines: kept, overflow };
}
