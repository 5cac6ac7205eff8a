// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- fontkit ships no types; the e2e project reaches this file by import, not by include
/// <reference path="./fontkit.d.ts" />
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { create, type Font, type PathCommand } from 'fontkit';
import type { LabelFace, LabelFontMetrics, LabelFontOutlines } from '../../../qr/label/metrics';

const require = createRequire(import.meta.url);

/** The bundled faces (D-520): one bold face of DejaVu for each label style. */
export const LABEL_FONT_FILES: Record<LabelFace, string> = {
  sans: 'DejaVuSansCondensed-Bold.ttf',
  serif: 'DejaVuSerifCondensed-Bold.ttf',
  mono: 'DejaVuSansMono-Bold.ttf',
};

const version: unknown = require('dejavu-fonts-ttf/package.json').version;
export const LABEL_FONT_SOURCE = `dejavu-fonts-ttf ${String(version)}`;

/** Absolute path of a face's TTF (the PDF renderer embeds it). */
export function labelFontPath(face: LabelFace): string {
  return require.resolve(`dejavu-fonts-ttf/ttf/${LABEL_FONT_FILES[face]}`);
}

/** Printable ASCII, Latin-1 letters and signs, and the typographic quotes and dashes of a menu. */
export const LABEL_CHARSET: string = [
  ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCodePoint(0x20 + i)),
  ...Array.from({ length: 0x100 - 0xa1 }, (_, i) => String.fromCodePoint(0xa1 + i)).filter(
    (c) => c !== '\u00ad',
  ),
  ...'‘’“”–—…€•',
].join('');

const r = (v: number) => Math.round(v * 10) / 10;

/** SVG path data in font units (y up), quadratic segments raised to cubics: only M, L, C, Z. */
function pathData(commands: readonly PathCommand[]): string {
  const out: string[] = [];
  let cx = 0;
  let cy = 0;
  for (const { command, args } of commands) {
    const a = args.map(Number);
    if (command === 'moveTo' || command === 'lineTo') {
      [cx, cy] = [a[0] ?? 0, a[1] ?? 0];
      out.push(`${command === 'moveTo' ? 'M' : 'L'}${r(cx)} ${r(cy)}`);
    } else if (command === 'quadraticCurveTo') {
      const [qx, qy, x, y] = [a[0] ?? 0, a[1] ?? 0, a[2] ?? 0, a[3] ?? 0];
      out.push(
        `C${r(cx + (2 / 3) * (qx - cx))} ${r(cy + (2 / 3) * (qy - cy))} ${r(x + (2 / 3) * (qx - x))} ${r(y + (2 / 3) * (qy - y))} ${r(x)} ${r(y)}`,
      );
      [cx, cy] = [x, y];
    } else if (command === 'bezierCurveTo') {
      out.push(`C${a.map(r).join(' ')}`);
      [cx, cy] = [a[4] ?? 0, a[5] ?? 0];
    } else if (command === 'closePath') out.push('Z');
  }
  return out.join('');
}

function tablesOf(font: Font) {
  const chars = [...LABEL_CHARSET].filter((c) => font.hasGlyphForCodePoint(c.codePointAt(0) ?? 0));
  const glyphs = chars.map((c) => font.glyphForCodePoint(c.codePointAt(0) ?? 0));
  return {
    metrics: {
      name: font.postscriptName,
      unitsPerEm: font.unitsPerEm,
      // Measured on 'H': not every face fills in the OS/2 cap height.
      capHeight: Math.round(font.glyphForCodePoint(0x48).bbox.maxY),
      ascent: font.ascent,
      descent: font.descent,
      chars: chars.join(''),
      advances: glyphs.map((g) => g.advanceWidth),
      // Ink extent left to right; an empty glyph (space) has none.
      inkLeft: glyphs.map((g) => (g.path.commands.length === 0 ? 0 : Math.floor(g.bbox.minX))),
      inkRight: glyphs.map((g) => (g.path.commands.length === 0 ? 0 : Math.ceil(g.bbox.maxX))),
    },
    outlines: Object.fromEntries(chars.map((c, i) => [c, pathData(glyphs[i]?.path.commands ?? [])])),
  };
}

export async function buildLabelFontTables(): Promise<{
  metrics: LabelFontMetrics;
  outlines: LabelFontOutlines;
}> {
  const faces = ['sans', 'serif', 'mono'] as const;
  const tables = await Promise.all(
    faces.map(async (face) => tablesOf(create(await readFile(labelFontPath(face))))),
  );
  const [sans, serif, mono] = tables;
  if (sans === undefined || serif === undefined || mono === undefined) throw new Error('missing face');
  return {
    metrics: {
      source: LABEL_FONT_SOURCE,
      faces: { sans: sans.metrics, serif: serif.metrics, mono: mono.metrics },
    },
    outlines: { sans: sans.outlines, serif: serif.outlines, mono: mono.outlines },
  };
}
