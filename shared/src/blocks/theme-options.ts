import { WEB_FONTS } from './web-fonts';

const webStack = (font: { family: string; fallback: string }): string => `"${font.family}",${font.fallback}`;

/** Theme choices as data: font stacks (system fonts, and the self-hosted ones of web-fonts.ts) and button looks. */
export const FONT_STACKS = {
  system: 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif',
  serif: 'Georgia,Cambria,"Times New Roman",Times,serif',
  rounded: 'ui-rounded,"SF Pro Rounded","Nunito","Varela Round",system-ui,sans-serif',
  mono: 'ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace',
  'dm-sans': webStack(WEB_FONTS['dm-sans']),
  playfair: webStack(WEB_FONTS.playfair),
  'space-grotesk': webStack(WEB_FONTS['space-grotesk']),
  lora: webStack(WEB_FONTS.lora),
  'dm-serif': webStack(WEB_FONTS['dm-serif']),
  nunito: webStack(WEB_FONTS.nunito),
} as const;

export type FontKey = keyof typeof FONT_STACKS;
export const FONT_KEYS = Object.keys(FONT_STACKS) as [FontKey, ...FontKey[]];

/** What the editor calls each font. */
export const FONT_LABELS: Record<FontKey, string> = {
  system: 'System sans-serif',
  serif: 'System serif',
  rounded: 'System rounded',
  mono: 'System monospace',
  'dm-sans': 'DM Sans',
  playfair: 'Playfair Display',
  'space-grotesk': 'Space Grotesk',
  lora: 'Lora',
  'dm-serif': 'DM Serif Display',
  nunito: 'Nunito',
};

export const BUTTON_STYLES = ['filled', 'outline', 'soft'] as const;
export type ButtonStyle = (typeof BUTTON_STYLES)[number];

export const BUTTON_SHAPES = {
  square: '4px',
  rounded: '12px',
  pill: '999px',
} as const;
export type ButtonShape = keyof typeof BUTTON_SHAPES;
export const BUTTON_SHAPE_KEYS = Object.keys(BUTTON_SHAPES) as [ButtonShape, ...ButtonShape[]];

/** A page's background: its colour, a two-colour gradient, or an image under a veil of the colour. */
export const BACKGROUND_KINDS = ['solid', 'gradient', 'image'] as const;
export type BackgroundKind = (typeof BACKGROUND_KINDS)[number];
