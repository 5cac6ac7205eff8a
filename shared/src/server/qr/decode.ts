import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes, type Binarizer } from 'zxing-wasm/reader';

let ready: Promise<unknown> | null = null;

/**
 * Loads zxing's reader from the installed package, never from its default CDN (the product runs
 * offline and in CI without network).
 */
function loadReader(): Promise<unknown> {
  if (ready === null) {
    const require = createRequire(import.meta.url);
    const wasmPath = require.resolve('zxing-wasm/reader/zxing_reader.wasm');
    ready = readFile(wasmPath).then((buf) => {
      const wasmBinary = buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength);
      return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
    });
  }
  return ready;
}

export type RgbaImage = { readonly data: Uint8ClampedArray; readonly width: number; readonly height: number };

export type DecodeOptions = { readonly binarizer: Binarizer; readonly tryInvert: boolean };

/** The texts of every valid QR symbol zxing finds in the image. */
export async function decodeQr(image: RgbaImage, options: DecodeOptions): Promise<string[]> {
  await loadReader();
  // The ImageData shape zxing takes; colorSpace makes it fit the DOM's type too (browser-side type checks).
  const imageData = {
    data: new Uint8ClampedArray(image.data),
    width: image.width,
    height: image.height,
    colorSpace: 'srgb' as const,
  };
  const results = await readBarcodes(imageData, {
    formats: ['QRCode'],
    binarizer: options.binarizer,
    tryInvert: options.tryInvert,
    maxNumberOfSymbols: 4,
    // Our rasters are upright and small: rotation and downscale passes only cost time.
    tryRotate: false,
    tryDownscale: false,
  });
  return results.filter((r) => r.isValid).map((r) => r.text);
}
