/** WCAG 2 relative luminance and contrast ratio of #rrggbb colours. */
function channel(hex: string, offset: number): number {
  const v = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

export function luminance(hex: string): number {
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export const MIN_TEXT_CONTRAST = 4.5;
const BLACK = '#000000';
const WHITE = '#ffffff';

/** Black or white, whichever reads better on `background`. */
export function readableOn(background: string): string {
  return contrastRatio(background, BLACK) >= contrastRatio(background, WHITE) ? BLACK : WHITE;
}

/** `preferred` when it meets WCAG AA (4.5:1) on `background`, else black or white. */
export function ensureReadable(preferred: string, background: string): string {
  return contrastRatio(preferred, background) >= MIN_TEXT_CONTRAST ? preferred : readableOn(background);
}

/** `amount` (0–1) of `a` mixed into `b`, in sRGB. */
export function mix(a: string, b: string, amount: number): string {
  const part = (offset: number): string => {
    const va = Number.parseInt(a.slice(offset, offset + 2), 16);
    const vb = Number.parseInt(b.slice(offset, offset + 2), 16);
    return Math.round(va * amount + vb * (1 - amount))
      .toString(16)
      .padStart(2, '0');
  };
  return `#${part(1)}${part(3)}${part(5)}`;
}
