import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST } from './contrast';
import { themeSchema } from './snapshot';
import { themeCss } from './theme-css';

function vars(css: string): Record<string, string> {
  const body = css.slice(css.indexOf('{') + 1, css.lastIndexOf('}'));
  return Object.fromEntries(
    body.split(';').map((decl) => [decl.slice(0, decl.indexOf(':')), decl.slice(decl.indexOf(':') + 1)]),
  );
}

describe('themeCss', () => {
  it('exposes the theme as custom properties', () => {
    const css = themeCss(
      themeSchema.parse({
        background: '#FDF6EC',
        text: '#1f2937',
        accent: '#b4235a',
        font: 'serif',
        button_shape: 'pill',
      }),
    );
    const v = vars(css);
    expect(css.startsWith(':root{')).toBe(true);
    expect(v['--bg']).toBe('#fdf6ec');
    expect(v['--fg']).toBe('#1f2937');
    expect(v['--accent']).toBe('#b4235a');
    expect(v['--radius']).toBe('999px');
    expect(v['--font']).toContain('Georgia');
  });

  it('the default theme passes WCAG AA for text and button labels', () => {
    const v = vars(themeCss(themeSchema.parse({})));
    expect(contrastRatio(String(v['--fg']), String(v['--bg']))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(String(v['--btn-fg']), String(v['--btn-bg']))).toBeGreaterThanOrEqual(
      MIN_TEXT_CONTRAST,
    );
  });

  it('corrects a low-contrast theme instead of shipping unreadable text', () => {
    for (const style of ['filled', 'outline', 'soft'] as const) {
      const theme = themeSchema.parse({
        background: '#ffffff',
        text: '#eeeeee',
        accent: '#ffff00',
        button_style: style,
      });
      const v = vars(themeCss(theme));
      const bg = String(v['--bg']);
      const buttonSurface = v['--btn-bg'] === 'transparent' ? bg : String(v['--btn-bg']);
      expect(contrastRatio(String(v['--fg']), bg)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(contrastRatio(String(v['--btn-fg']), buttonSurface)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
  });

  it('refuses anything but #rrggbb colours and known fonts, so nothing typed reaches the stylesheet', () => {
    expect(themeSchema.safeParse({ background: 'red;}</style><script>' }).success).toBe(false);
    expect(themeSchema.safeParse({ font: 'Comic Sans;}' }).success).toBe(false);
  });
});
