import type { Path } from '../path';
import { advancesEm, LABEL_FONT_METRICS, type LabelFace, type LabelFontOutlines } from './metrics';
import type { LabelLayout } from './layout';

/**
 * The label as filled outlines (D-520): each glyph's path from the bundled face, scaled to the
 * font size and set on the layout's pen positions, so no file depends on the printer's fonts.
 * The glyph table is large; the browser loads it on demand (`loadLabelOutlines`).
 */
export async function loadLabelOutlines(): Promise<LabelFontOutlines> {
  const table = await import('./outlines.json');
  return table.default;
}

const TOKEN = /[MLCZ]|-?\d+(?:\.\d+)?/g;

function appendGlyph(out: Path, d: string, ox: number, oy: number, scale: number): void {
  const tokens = d.match(TOKEN) ?? [];
  let i = 0;
  const num = () => Number(tokens[i++] ?? 0);
  const px = () => ox + num() * scale;
  const py = () => oy - num() * scale;
  while (i < tokens.length) {
    const op = tokens[i++];
    if (op === 'M') out.push({ op: 'M', x: px(), y: py() });
    else if (op === 'L') out.push({ op: 'L', x: px(), y: py() });
    else if (op === 'C') {
      const x1 = px();
      const y1 = py();
      const x2 = px();
      const y2 = py();
      out.push({ op: 'C', x1, y1, x2, y2, x: px(), y: py() });
    } else if (op === 'Z') out.push({ op: 'Z' });
  }
}

/** Every glyph of the laid-out label as one path in module units (y down, like the scene). */
export function labelPath(layout: LabelLayout, face: LabelFace, outlines: LabelFontOutlines): Path {
  const path: Path = [];
  const glyphs = outlines[face];
  const scale = layout.fontSize / LABEL_FONT_METRICS.faces[face].unitsPerEm;
  for (const line of layout.lines) {
    let pen = line.x;
    const advances = advancesEm(line.text, face);
    [...line.text].forEach((c, i) => {
      const d = glyphs[c];
      if (d !== undefined && d !== '') appendGlyph(path, d, pen, line.baseline, scale);
      pen += (advances[i] ?? 0) * layout.fontSize;
    });
  }
  return path;
}
