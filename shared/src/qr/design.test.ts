import { describe, expect, it } from 'vitest';
import { defaultQrDesign, qrDesignSchema } from './design';

describe('qrDesignSchema', () => {
  it('fills every default: black on white, square, quiet zone 4, no logo or frame', () => {
    expect(defaultQrDesign).toEqual({
      fgColor: '#000000',
      bgColor: '#ffffff',
      moduleShape: 'square',
      finderStyle: 'square',
      errorCorrection: 'auto',
      logo: null,
      frame: null,
      margin: 4,
      transparentBackground: false,
      allowInverted: false,
    });
  });

  it('stores colours lower-case and refuses anything but #rrggbb', () => {
    expect(qrDesignSchema.parse({ fgColor: '#1A2B3C' }).fgColor).toBe('#1a2b3c');
    for (const bad of ['red', '#fff', '1a2b3c', '#1a2b3c80']) {
      expect(qrDesignSchema.safeParse({ fgColor: bad }).success).toBe(false);
    }
  });

  it('accepts a logo by data URL or asset id and a frame with a label', () => {
    const design = qrDesignSchema.parse({
      logo: { source: { kind: 'asset', assetId: 'a1' } },
      frame: { label: 'SCAN ME' },
    });
    expect(design.logo).toEqual({
      source: { kind: 'asset', assetId: 'a1' },
      sizeRatio: 0.22,
      knockout: true,
    });
    expect(design.frame).toEqual({ label: 'SCAN ME', font: 'sans', color: '#000000', textColor: '#ffffff' });
    expect(
      qrDesignSchema.safeParse({ logo: { source: { kind: 'data_url', dataUrl: 'javascript:alert(1)' } } })
        .success,
    ).toBe(false);
  });

  it('refuses unknown shapes and fractional margins', () => {
    expect(qrDesignSchema.safeParse({ moduleShape: 'hearts' }).success).toBe(false);
    expect(qrDesignSchema.safeParse({ margin: 4.5 }).success).toBe(false);
  });
});
