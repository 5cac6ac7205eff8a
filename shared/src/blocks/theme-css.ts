import { contrastRatio, ensureReadable, MIN_TEXT_CONTRAST, mix, readableOn } from './contrast';
import type { Theme } from './snapshot';
import { BUTTON_SHAPES, FONT_STACKS } from './theme-options';
import { fontFaceCss } from './web-fonts';

/** The veil over a background image: the theme's background colour at 80 %, so text keeps its contrast on any photo. */
const IMAGE_VEIL_ALPHA = 'cc';

/**
 * The colour text is painted in: `preferred` when it reads (WCAG AA) on every colour the background
 * shows, else black or white, whichever reads better on the worse of them.
 */
export function readableOnAll(preferred: string, backgrounds: readonly string[]): string {
  const worst = (colour: string): number => Math.min(...backgrounds.map((bg) => contrastRatio(colour, bg)));
  if (worst(preferred) >= MIN_TEXT_CONTRAST) return preferred;
  return worst('#000000') >= worst('#ffffff') ? '#000000' : '#ffffff';
}

/** The colours a visitor sees behind the text: both ends of a gradient, else the background colour. */
export function backgroundColours(theme: Theme): string[] {
  const bg = theme.background.toLowerCase();
  return theme.background_kind === 'gradient' ? [bg, theme.background_to.toLowerCase()] : [bg];
}

function pagePaint(theme: Theme): string {
  const bg = theme.background.toLowerCase();
  if (theme.background_kind === 'gradient')
    return `linear-gradient(${theme.gradient_angle}deg,${bg},${theme.background_to.toLowerCase()})`;
  if (theme.background_kind === 'image' && theme.background_image !== undefined) {
    const veil = bg + IMAGE_VEIL_ALPHA;
    return `linear-gradient(${veil},${veil}),url("${theme.background_image}") center/cover ${bg}`;
  }
  return bg;
}

/**
 * A theme as CSS custom properties (plus the `@font-face` rules of a self-hosted font). Colours are
 * #rrggbb (validated by the snapshot schema), the font is a key of a fixed table and an image URL
 * has no quote or bracket, so nothing user-typed escapes the stylesheet. Colours that would fail
 * WCAG AA are corrected here, so any published theme yields a readable page.
 */
export function themeCss(theme: Theme, fontBase?: string): string {
  const bg = theme.background.toLowerCase();
  const fg = readableOnAll(theme.text.toLowerCase(), backgroundColours(theme));
  const accent = theme.accent.toLowerCase();
  const filled = theme.button_style === 'filled';
  const soft = theme.button_style === 'soft';
  const surface = filled ? accent : soft ? mix(accent, bg, 0.16) : bg;
  const buttonFg = filled ? readableOn(accent) : ensureReadable(fg, surface);
  const vars = [
    `--bg:${bg}`,
    `--fg:${fg}`,
    `--accent:${accent}`,
    `--btn-bg:${filled || soft ? surface : 'transparent'}`,
    `--btn-fg:${buttonFg}`,
    `--btn-border:${soft ? 'transparent' : accent}`,
    `--radius:${BUTTON_SHAPES[theme.button_shape]}`,
    `--font:${FONT_STACKS[theme.font]}`,
    `--page-bg:${pagePaint(theme)}`,
  ];
  return `${fontFaceCss(theme.font, fontBase)}:root{${vars.join(';')}}`;
}
