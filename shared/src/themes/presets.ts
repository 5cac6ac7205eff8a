import { z } from 'zod';
import { themeSchema, type Theme } from '../blocks/snapshot';

/**
 * The designed looks a creator applies in one tap (D-580): each a complete theme, so applying one
 * sets every field and nothing of the previous look lingers. Defined here, once, as data; the
 * editor's gallery and the page templates read them, the renderer needs nothing beyond `themeCss`.
 */
export const themePresetSchema = z.strictObject({
  key: z.string().regex(/^[a-z][a-z0-9-]{1,39}$/),
  name: z.string().min(1).max(40),
  theme: themeSchema,
});
export type ThemePreset = z.infer<typeof themePresetSchema>;

const p = (key: string, name: string, theme: Partial<Theme>): unknown => ({
  key,
  name,
  theme: themeSchema.parse(theme),
});

export const THEME_PRESETS: readonly ThemePreset[] = z
  .array(themePresetSchema)
  .min(12)
  .refine((all) => new Set(all.map((x) => x.key)).size === all.length, 'preset keys are unique')
  .parse([
    p('classic', 'Classic', {
      background: '#ffffff',
      text: '#111827',
      accent: '#4338ca',
      button_style: 'filled',
      button_shape: 'rounded',
      font: 'dm-sans',
    }),
    p('paper', 'Paper', {
      background: '#faf7f2',
      text: '#1f2937',
      accent: '#1f2937',
      button_style: 'outline',
      button_shape: 'square',
      font: 'lora',
    }),
    p('midnight', 'Midnight', {
      background: '#0f172a',
      background_kind: 'gradient',
      background_to: '#1e293b',
      gradient_angle: 180,
      text: '#e2e8f0',
      accent: '#38bdf8',
      button_style: 'filled',
      button_shape: 'pill',
      font: 'dm-sans',
    }),
    p('sunset', 'Sunset', {
      background: '#ff9a76',
      background_kind: 'gradient',
      background_to: '#fed7aa',
      gradient_angle: 160,
      text: '#1c1917',
      accent: '#1c1917',
      button_style: 'filled',
      button_shape: 'pill',
      font: 'nunito',
    }),
    p('forest', 'Forest', {
      background: '#14532d',
      text: '#f0fdf4',
      accent: '#86efac',
      button_style: 'soft',
      button_shape: 'rounded',
      font: 'lora',
    }),
    p('bubblegum', 'Bubblegum', {
      background: '#ffe4f1',
      text: '#4a044e',
      accent: '#be185d',
      button_style: 'filled',
      button_shape: 'pill',
      font: 'nunito',
    }),
    p('mono', 'Mono', {
      background: '#ffffff',
      text: '#000000',
      accent: '#000000',
      button_style: 'outline',
      button_shape: 'square',
      font: 'mono',
    }),
    p('ocean', 'Ocean', {
      background: '#0369a1',
      background_kind: 'gradient',
      background_to: '#1e3a8a',
      gradient_angle: 180,
      text: '#ffffff',
      accent: '#ffffff',
      button_style: 'outline',
      button_shape: 'pill',
      font: 'space-grotesk',
    }),
    p('editorial', 'Editorial', {
      background: '#f5f0e8',
      text: '#2b2b2b',
      accent: '#8b1e3f',
      button_style: 'filled',
      button_shape: 'square',
      font: 'playfair',
    }),
    p('neon', 'Neon', {
      background: '#0a0a0a',
      text: '#f5f5f5',
      accent: '#a3e635',
      button_style: 'filled',
      button_shape: 'rounded',
      font: 'space-grotesk',
    }),
    p('lavender', 'Lavender', {
      background: '#ede9fe',
      background_kind: 'gradient',
      background_to: '#fae8ff',
      gradient_angle: 135,
      text: '#3b0764',
      accent: '#6d28d9',
      button_style: 'soft',
      button_shape: 'pill',
      font: 'nunito',
    }),
    p('terracotta', 'Terracotta', {
      background: '#9a3412',
      text: '#fff7ed',
      accent: '#fed7aa',
      button_style: 'filled',
      button_shape: 'rounded',
      font: 'dm-serif',
    }),
    p('citrus', 'Citrus', {
      background: '#fef9c3',
      text: '#1c1917',
      accent: '#c2410c',
      button_style: 'filled',
      button_shape: 'rounded',
      font: 'space-grotesk',
    }),
    p('noir', 'Noir', {
      background: '#18181b',
      background_kind: 'gradient',
      background_to: '#3f3f46',
      gradient_angle: 200,
      text: '#fafafa',
      accent: '#fafafa',
      button_style: 'outline',
      button_shape: 'square',
      font: 'playfair',
    }),
  ]);

export function presetByKey(key: string): ThemePreset | undefined {
  return THEME_PRESETS.find((preset) => preset.key === key);
}

/** The preset a theme is exactly (every field equal), if any: the gallery marks it as the current look. */
export function presetOf(theme: Theme): ThemePreset | undefined {
  return THEME_PRESETS.find((preset) =>
    (Object.keys(preset.theme) as Array<keyof Theme>).every((k) => preset.theme[k] === theme[k]),
  );
}
