// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- fontkit ships no types; the e2e project reaches this file by import, not by include
/// <reference path="../qr/label/fontkit.d.ts" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';
import { isWebFont, WEB_FONTS, type WebFontKey } from '../../blocks/web-fonts';
import type { FontKey } from '../../blocks/theme-options';

const require = createRequire(import.meta.url);

/** The faces a card is drawn with: the theme's own self-hosted font first, DejaVu for what it lacks. */
export type CardFaces = { readonly bold: readonly Font[]; readonly regular: readonly Font[] };

const DEJAVU: Record<'sans' | 'serif' | 'mono', { bold: string; regular: string }> = {
  sans: { bold: 'DejaVuSans-Bold.ttf', regular: 'DejaVuSans.ttf' },
  serif: { bold: 'DejaVuSerif-Bold.ttf', regular: 'DejaVuSerif.ttf' },
  mono: { bold: 'DejaVuSansMono-Bold.ttf', regular: 'DejaVuSansMono.ttf' },
};

const loaded = new Map<string, Font>();

function fontAt(specifier: string): Font {
  const cached = loaded.get(specifier);
  if (cached !== undefined) return cached;
  const font = create(readFileSync(require.resolve(specifier)));
  loaded.set(specifier, font);
  return font;
}

/** The self-hosted font's latin and latin-ext files at a weight (D-581: the same files the page uses). */
function webFaces(key: WebFontKey, weight: 400 | 700): Font[] {
  const font = WEB_FONTS[key];
  const weights: readonly number[] = font.weights;
  const used = weights.includes(weight) ? weight : (weights[0] ?? 400);
  return (['latin', 'latin-ext'] as const).map((subset) =>
    fontAt(`@fontsource/${font.file}/files/${font.file}-${subset}-${used}-normal.woff2`),
  );
}

/** The faces for a theme font: its web font files, then the DejaVu face of its kind. */
export function cardFaces(key: FontKey): CardFaces {
  const kind =
    key === 'serif' || key === 'lora' || key === 'playfair' || key === 'dm-serif'
      ? 'serif'
      : key === 'mono'
        ? 'mono'
        : 'sans';
  const fallback = DEJAVU[kind];
  const dejavu = (file: string) => fontAt(`dejavu-fonts-ttf/ttf/${file}`);
  return {
    bold: [...(isWebFont(key) ? webFaces(key, 700) : []), dejavu(fallback.bold)],
    regular: [...(isWebFont(key) ? webFaces(key, 400) : []), dejavu(fallback.regular)],
  };
}
