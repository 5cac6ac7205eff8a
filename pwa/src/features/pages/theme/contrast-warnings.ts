import { contrastRatio, MIN_TEXT_CONTRAST } from '@linkhub/shared/blocks/contrast';
import type { Theme } from '@linkhub/shared/blocks/snapshot';
import { backgroundColours } from '@linkhub/shared/blocks/theme-css';

/** Buttons need this much contrast with the page to be seen as buttons (WCAG 1.4.11, non-text). */
export const MIN_BUTTON_CONTRAST = 3;

/**
 * The contrast problems of a theme, measured against every colour the background shows (both ends
 * of a gradient): the worst ratio of the text and of the buttons, or null when it passes. The
 * renderer corrects unreadable text anyway (theme-css.ts); this says so before it happens.
 */
export function contrastWarnings(theme: Theme): { text: number | null; buttons: number | null } {
  const backgrounds = backgroundColours(theme);
  const worst = (colour: string) => Math.min(...backgrounds.map((bg) => contrastRatio(colour, bg)));
  const text = worst(theme.text);
  const buttons = worst(theme.accent);
  return {
    text: text < MIN_TEXT_CONTRAST ? text : null,
    buttons: buttons < MIN_BUTTON_CONTRAST ? buttons : null,
  };
}
