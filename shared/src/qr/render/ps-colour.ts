import { parseHex, toCmyk } from '../color';

/** A design colour as device RGB (0–1) or device CMYK (0–1) components, for PDF and PostScript. */
export function colourComponents(hex: string, space: 'rgb' | 'cmyk'): number[] {
  if (space === 'cmyk') {
    const { c, m, y, k } = toCmyk(hex);
    return [c / 100, m / 100, y / 100, k / 100];
  }
  const { r, g, b } = parseHex(hex);
  return [r / 255, g / 255, b / 255];
}
