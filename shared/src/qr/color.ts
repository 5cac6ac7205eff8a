/** Colour arithmetic for QR designs: parsing, WCAG relative luminance, contrast, CMYK. */

export type Rgb = { readonly r: number; readonly g: number; readonly b: number };
export type Cmyk = { readonly c: number; readonly m: number; readonly y: number; readonly k: number };

/** `#rrggbb` → 0–255 channels. */
export function parseHex(hex: string): Rgb {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (m === null) throw new TypeError(`not a #rrggbb colour: ${hex}`);
  return { r: parseInt(m[1] ?? '0', 16), g: parseInt(m[2] ?? '0', 16), b: parseInt(m[3] ?? '0', 16) };
}

export function toHex({ r, g, b }: Rgb): string {
  const h = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${h(r)}${h(g)}${h(b)}`;
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2.x relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const { r, g, b } = parseHex(hex);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio (L1 + 0.05) / (L2 + 0.05), 1 to 21, order-independent. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** Scales a colour toward black (`t` 0 → unchanged, 1 → black), keeping its hue. */
export function darken(hex: string, t: number): string {
  const { r, g, b } = parseHex(hex);
  return toHex({ r: r * (1 - t), g: g * (1 - t), b: b * (1 - t) });
}

/** Mixes a colour toward white (`t` 0 → unchanged, 1 → white). */
export function lighten(hex: string, t: number): string {
  const { r, g, b } = parseHex(hex);
  return toHex({ r: r + (255 - r) * t, g: g + (255 - g) * t, b: b + (255 - b) * t });
}

/**
 * Device CMYK (0–100) by grey-component replacement: neutral greys become K only, so black
 * modules print as one ink (no rich-black misregistration on fine modules).
 */
export function toCmyk(hex: string): Cmyk {
  const { r, g, b } = parseHex(hex);
  const k = 1 - Math.max(r, g, b) / 255;
  if (k >= 1) return { c: 0, m: 0, y: 0, k: 100 };
  const f = (v: number) => Math.round(((1 - v / 255 - k) / (1 - k)) * 1000) / 10;
  return { c: f(r), m: f(g), y: f(b), k: Math.round(k * 1000) / 10 };
}
