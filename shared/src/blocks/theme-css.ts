import { ensureReadable, mix, readableOn } from './contrast';
import type { Theme } from './snapshot';
import { BUTTON_SHAPES, FONT_STACKS } from './theme-options';

/**
 * A theme as CSS custom properties. Colours are #rrggbb (validated by the snapshot schema) and the
 * font is a key of a fixed table, so nothing user-typed reaches the stylesheet. Colours that would
 * fail WCAG AA are corrected here, so any published theme yields a readable page.
 */
export function themeCss(theme: Theme): string {
  const bg = theme.background.toLowerCase();
  const fg = ensureReadable(theme.text.toLowerCase(), bg);
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
  ];
  return `:root{${vars.join(';')}}`;
}
