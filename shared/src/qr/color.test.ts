import { describe, expect, it } from 'vitest';
import { contrastRatio, darken, lighten, relativeLuminance, toCmyk } from './color';

describe('colour arithmetic', () => {
  it('computes WCAG luminance and contrast', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 6);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 6);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 6);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('darkens and lightens along the same hue', () => {
    expect(darken('#ff8000', 0.5)).toBe('#804000');
    expect(lighten('#000000', 1)).toBe('#ffffff');
  });

  it('converts neutrals to K only', () => {
    expect(toCmyk('#000000')).toEqual({ c: 0, m: 0, y: 0, k: 100 });
    expect(toCmyk('#ffffff')).toEqual({ c: 0, m: 0, y: 0, k: 0 });
    expect(toCmyk('#808080')).toEqual({ c: 0, m: 0, y: 0, k: 49.8 });
    expect(toCmyk('#ff0000')).toEqual({ c: 0, m: 100, y: 100, k: 0 });
  });
});
