import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { hopHref, renderBioPage } from '../blocks/render-page';
import { samplePageSnapshot } from '../blocks/sample-page';
import { contrastRatio, MIN_TEXT_CONTRAST } from '../blocks/contrast';
import { criticalCss } from '../blocks/document';
import { themeSchema } from '../blocks/snapshot';
import { backgroundColours, themeCss } from '../blocks/theme-css';
import { isWebFont } from '../blocks/web-fonts';
import { presetOf, THEME_PRESETS, themePresetSchema } from './presets';

function vars(css: string): Record<string, string> {
  const root = css.slice(css.indexOf(':root{') + 6, css.lastIndexOf('}'));
  return Object.fromEntries(
    root.split(';').map((decl) => [decl.slice(0, decl.indexOf(':')), decl.slice(decl.indexOf(':') + 1)]),
  );
}

describe('theme presets', () => {
  it('offers at least 12 valid presets with distinct keys and names', () => {
    expect(THEME_PRESETS.length).toBeGreaterThanOrEqual(12);
    for (const preset of THEME_PRESETS) expect(themePresetSchema.safeParse(preset).success).toBe(true);
    expect(new Set(THEME_PRESETS.map((p) => p.key)).size).toBe(THEME_PRESETS.length);
    expect(new Set(THEME_PRESETS.map((p) => p.name)).size).toBe(THEME_PRESETS.length);
  });

  it('show a range of looks: gradients, several fonts, every button shape and style', () => {
    expect(THEME_PRESETS.some((p) => p.theme.background_kind === 'gradient')).toBe(true);
    expect(new Set(THEME_PRESETS.map((p) => p.theme.font)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(THEME_PRESETS.map((p) => p.theme.button_shape))).toEqual(
      new Set(['square', 'rounded', 'pill']),
    );
    expect(new Set(THEME_PRESETS.map((p) => p.theme.button_style))).toEqual(
      new Set(['filled', 'outline', 'soft']),
    );
  });

  describe.each(THEME_PRESETS.map((p) => [p.key, p] as const))('%s', (_key, preset) => {
    const css = themeCss(preset.theme);
    const v = vars(css);

    it('is readable as designed: its own text colour passes WCAG AA on every background colour', () => {
      expect(v['--fg']).toBe(preset.theme.text);
      for (const bg of backgroundColours(preset.theme))
        expect(contrastRatio(preset.theme.text, bg)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    });

    it('has button labels that pass WCAG AA and buttons that stand out (3:1)', () => {
      const surface = v['--btn-bg'] === 'transparent' ? preset.theme.background : String(v['--btn-bg']);
      expect(contrastRatio(String(v['--btn-fg']), surface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      for (const bg of backgroundColours(preset.theme))
        expect(contrastRatio(preset.theme.accent, bg)).toBeGreaterThanOrEqual(3);
    });

    it('paints its background and loads its font from the page origin', () => {
      if (preset.theme.background_kind === 'gradient')
        expect(v['--page-bg']).toBe(
          `linear-gradient(${preset.theme.gradient_angle}deg,${preset.theme.background},${preset.theme.background_to})`,
        );
      else expect(v['--page-bg']).toBe(preset.theme.background);
      if (isWebFont(preset.theme.font)) {
        expect(css).toMatch(
          /@font-face\{[^}]*font-display:swap;src:url\(\/_fonts\/\d+\.\d+\.\d+\/[a-z-]+-latin-400-normal\.woff2\)/,
        );
        expect(css).not.toMatch(/https?:/);
      } else expect(css).not.toContain('@font-face');
      expect(criticalCss(preset.theme)).toContain(css);
    });

    it('is recognised as itself, and no longer once a field is adjusted', () => {
      expect(presetOf(preset.theme)?.key).toBe(preset.key);
      const adjusted = themeSchema.parse({
        ...preset.theme,
        button_shape: preset.theme.button_shape === 'pill' ? 'square' : 'pill',
      });
      expect(presetOf(adjusted)).toBeUndefined();
    });
  });
});

describe('the 14 KB budget with every preset', () => {
  it.each(THEME_PRESETS.map((p) => [p.key, p] as const))(
    '%s: a page with 20 links is ≤ 14 KB of HTML and CSS gzipped (fonts excluded)',
    (_key, preset) => {
      const snapshot = { ...samplePageSnapshot({ links: 20 }), theme: preset.theme };
      const html = renderBioPage(snapshot, { nonce: 'n', linkHref: hopHref(snapshot.handle) });
      expect(html).toContain(themeCss(preset.theme));
      expect(gzipSync(Buffer.from(html, 'utf8')).byteLength).toBeLessThanOrEqual(14 * 1024);
    },
  );
});
