import { describe, expect, it } from 'vitest';
import { themeSchema } from '@linkhub/shared/blocks/snapshot';
import { THEME_PRESETS } from '@linkhub/shared/themes/presets';
import { contrastWarnings } from './contrast-warnings';

describe('contrastWarnings', () => {
  it('finds nothing to say about any preset', () => {
    for (const preset of THEME_PRESETS)
      expect(contrastWarnings(preset.theme), preset.key).toEqual({ text: null, buttons: null });
  });

  it('warns about pale text and pale buttons on white, with their ratios', () => {
    const w = contrastWarnings(
      themeSchema.parse({ background: '#ffffff', text: '#cccccc', accent: '#eeeeee' }),
    );
    expect(w.text).toBeCloseTo(1.6, 1);
    expect(w.buttons).toBeCloseTo(1.16, 1);
  });

  it('measures a gradient at its worse end: dark text that reads on the light end fails on the dark one', () => {
    const solid = themeSchema.parse({ background: '#ffffff', text: '#333333' });
    expect(contrastWarnings(solid).text).toBeNull();
    const gradient = themeSchema.parse({ ...solid, background_kind: 'gradient', background_to: '#222222' });
    expect(contrastWarnings(gradient).text).toBeLessThan(2);
  });
});
