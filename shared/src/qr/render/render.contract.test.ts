import { describe, expect, it } from 'vitest';
import { parseHex } from '../color';
import { decodeQr } from '../../server/qr/decode';
import { qrDesignSchema, type QrDesignInput } from '../design';
import { prepareQr } from '../prepare';
import { QR_FORMATS, renderQr, type QrFormat, type QrRenderInput } from '../../server/qr/render/index';
import {
  boundsOf,
  declaredSizeMm,
  overWhite,
  pixelAt,
  rasteriseOutput,
} from '../../server/qr/render/testing';

/**
 * One contract for every export format (docs/product-rules.md#qr-codes): the file scans back to the short URL, declares
 * the requested physical size to 0.1 mm, keeps a quiet zone of at least 4 modules, and uses the
 * design's colours.
 */
const URL = 'https://go.acme.com/spring';
const TEXT = 'https://GO.ACME.COM/SPRING';
const LOGO = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5" fill="#e4002b"/></svg>').toString('base64')}`;
const RASTER_DPI = 300;

const DESIGNS: Record<string, QrDesignInput> = {
  default: {},
  brand: {
    fgColor: '#1a3d7c',
    bgColor: '#fff8e7',
    moduleShape: 'rounded',
    finderStyle: 'rounded',
    logo: { source: { kind: 'data_url', dataUrl: LOGO } },
    frame: { label: 'SCAN ME', color: '#222222' },
  },
  dots: { fgColor: '#2d6a4f', moduleShape: 'dots', finderStyle: 'circle', margin: 5 },
  transparent: { fgColor: '#5a189a', transparentBackground: true },
};

async function render(format: QrFormat, designInput: QrDesignInput, extra: Partial<QrRenderInput> = {}) {
  const design = qrDesignSchema.parse(designInput);
  const out = await renderQr(format, { url: URL, design, sizeMm: 30, ...extra });
  const image = await rasteriseOutput(out, RASTER_DPI);
  return { design, out, image, scene: prepareQr(URL, design).scene };
}

describe.each(QR_FORMATS)('%s export', (format) => {
  it.each(Object.keys(DESIGNS))(
    'the %s design scans back to the short URL under both binarizers',
    async (name) => {
      const { image } = await render(format, DESIGNS[name] ?? {});
      const flat = overWhite(image);
      expect(await decodeQr(flat, { binarizer: 'LocalAverage', tryInvert: false })).toEqual([TEXT]);
      expect(await decodeQr(flat, { binarizer: 'GlobalHistogram', tryInvert: false })).toEqual([TEXT]);
    },
  );

  it.each([10, 30, 75.5])('declares exactly %s mm wide in the file', async (sizeMm) => {
    const design = qrDesignSchema.parse(DESIGNS['brand']);
    const out = await renderQr(format, { url: URL, design, sizeMm });
    const declared = await declaredSizeMm(out);
    expect(Math.abs(declared.widthMm - sizeMm)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(declared.widthMm - out.widthMm)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(declared.heightMm - out.heightMm)).toBeLessThanOrEqual(0.1);
    expect(out.heightMm).toBeGreaterThan(out.widthMm); // the frame's label band
  });

  it('keeps a quiet zone of at least the design margin on every side, in the background colour', async () => {
    const { image, design, scene } = await render(format, DESIGNS['dots'] ?? {});
    const fg = parseHex(design.fgColor);
    const box = boundsOf(image, fg);
    expect(box).not.toBeNull();
    if (box === null) return;
    const modulePx = (box.right - box.left) / scene.matrix.size;
    const quiet = design.margin * modulePx - 2;
    expect(box.left).toBeGreaterThanOrEqual(quiet);
    expect(box.top).toBeGreaterThanOrEqual(quiet);
    expect(image.width - box.right).toBeGreaterThanOrEqual(quiet);
    expect(image.height - box.bottom).toBeGreaterThanOrEqual(quiet);
    // Module size is the requested one: 30 mm over (size + 2 margins) modules.
    expect(modulePx).toBeCloseTo(image.width / scene.width, 0);
    const bg = pixelAt(image, box.left / 2, image.height / 2);
    expect(bg).toEqual(expect.objectContaining({ r: 255, g: 255, b: 255 }));
  });

  it("paints modules and ground in the design's colours", async () => {
    const { image, design, scene } = await render(format, DESIGNS['brand'] ?? {});
    const fg = parseHex(design.fgColor);
    const bg = parseHex(design.bgColor);
    const px = image.width / scene.width;
    // Centre of the top-left finder pattern, and a quiet-zone pixel.
    const finder = pixelAt(image, (scene.symbolX + 3.5) * px, (scene.symbolY + 3.5) * px);
    const ground = pixelAt(image, (scene.symbolX - 2) * px, (scene.symbolY + scene.matrix.size / 2) * px);
    for (const [got, want] of [
      [finder, fg],
      [ground, bg],
    ] as const) {
      expect(Math.abs(got.r - want.r)).toBeLessThanOrEqual(3);
      expect(Math.abs(got.g - want.g)).toBeLessThanOrEqual(3);
      expect(Math.abs(got.b - want.b)).toBeLessThanOrEqual(3);
    }
  });

  it('leaves the ground unpainted when the background is transparent', async () => {
    const { image, scene } = await render(format, DESIGNS['transparent'] ?? {});
    const px = image.width / scene.width;
    const ground = pixelAt(image, 1.5 * px, 1.5 * px);
    if (format === 'svg' || format === 'png') expect(ground.a).toBe(0);
    else expect(ground).toEqual(expect.objectContaining({ r: 255, g: 255, b: 255 })); // bare paper
  });
});

describe('format specifics', () => {
  it('PNG carries 300 or 600 DPI in pHYs and whole pixels per module', async () => {
    const design = qrDesignSchema.parse({});
    for (const dpi of [300, 600] as const) {
      const out = await renderQr('png', { url: URL, design, sizeMm: 30, dpi });
      const declared = await declaredSizeMm(out);
      expect(declared.dpi).toBe(dpi);
      const image = await rasteriseOutput(out, dpi);
      const box = boundsOf(image, { r: 0, g: 0, b: 0 }, 0);
      expect(box).not.toBeNull();
      if (box === null) return;
      const scene = prepareQr(URL, design).scene;
      expect((box.right - box.left) % scene.matrix.size).toBe(0);
      // No grey (anti-aliased) pixels anywhere: every module edge sits on a pixel edge.
      const greys = Array.from(
        { length: image.width * image.height },
        (_, i) => image.data[i * 4] ?? 0,
      ).filter((v) => v !== 0 && v !== 255);
      expect(greys).toHaveLength(0);
    }
  });

  it('SVG is one path on an integer grid with crisp edges', async () => {
    const out = await renderQr('svg', { url: URL, design: qrDesignSchema.parse({}), sizeMm: 30 });
    const svg = new TextDecoder().decode(out.bytes);
    expect(svg.match(/<path/g)).toHaveLength(1);
    expect(svg).toContain('shape-rendering="crispEdges"');
    const d = /<path[^>]* d="([^"]+)"/.exec(svg)?.[1] ?? '';
    expect(d).toMatch(/^[MLZhvz0-9 -]+$/); // integers only
  });

  it('PDF with bleed and crop marks keeps the trim size and paints the ground into the bleed', async () => {
    const design = qrDesignSchema.parse({ bgColor: '#ffe8cc' });
    const out = await renderQr('pdf', { url: URL, design, sizeMm: 30, bleedMm: 3, cropMarks: true });
    expect((await declaredSizeMm(out)).widthMm).toBeCloseTo(30, 1);
    const image = await rasteriseOutput(out, RASTER_DPI);
    const mmPx = RASTER_DPI / 25.4;
    expect(image.width / mmPx).toBeCloseTo(30 + 2 * 3 + 2 * 6, 0);
    expect(pixelAt(image, 7 * mmPx, 20 * mmPx)).toEqual(expect.objectContaining({ r: 255, g: 232, b: 204 })); // in the bleed
    expect(pixelAt(image, 2 * mmPx, 2 * mmPx)).toEqual(expect.objectContaining({ r: 255, g: 255, b: 255 })); // the slug
    expect(await decodeQr(image, { binarizer: 'LocalAverage', tryInvert: false })).toEqual([TEXT]);
  });

  it.each(['pdf', 'eps'] as const)('%s in CMYK still scans and prints black as K only', async (format) => {
    const out = await renderQr(format, {
      url: URL,
      design: qrDesignSchema.parse({}),
      sizeMm: 30,
      colorSpace: 'cmyk',
    });
    if (format === 'eps') expect(new TextDecoder().decode(out.bytes)).toContain('0 0 0 1 setcmykcolor');
    const image = await rasteriseOutput(out, RASTER_DPI);
    expect(await decodeQr(image, { binarizer: 'LocalAverage', tryInvert: false })).toEqual([TEXT]);
  });
});
