import type { Binarizer } from 'zxing-wasm/reader';
import { decodeQr } from './decode';
import type { PreparedQr } from '../../qr/prepare';
import { rasteriseScene } from './raster';

/**
 * The decode check (docs/product-rules.md#qr-codes): the rendered design is rasterised at 4 and at 2 px a module
 * (2 is the smallest scale at which clean rounded and dotted symbols still decode under both
 * binarizers; D-011), blurred slightly like a camera out of focus, and read with zxing under
 * its two general binarizers. Every read must give back exactly the encoded text.
 */
export const SCAN_SCALES_PX_PER_MODULE = [4, 2] as const;
export const SCAN_BLUR_SIGMA_PX = 0.5;
export const SCAN_BINARIZERS: readonly Binarizer[] = ['LocalAverage', 'GlobalHistogram'];

export type ScanFailure = {
  readonly pxPerModule: number;
  readonly binarizer: Binarizer;
  readonly read: readonly string[];
};

export async function scanFailures(
  prepared: PreparedQr,
  ground: string,
  tryInvert: boolean,
): Promise<ScanFailure[]> {
  const failures: ScanFailure[] = [];
  // Both rasters at once: sharp renders on its own threads while the first decodes run.
  const images = SCAN_SCALES_PX_PER_MODULE.map((pxPerModule) =>
    rasteriseScene(prepared.scene, prepared.logo, pxPerModule, {
      blurSigma: SCAN_BLUR_SIGMA_PX,
      ground,
    }).then((image) => ({ pxPerModule, image })),
  );
  for (const pending of images) {
    const { pxPerModule, image } = await pending;
    for (const binarizer of SCAN_BINARIZERS) {
      const read = await decodeQr(image, { binarizer, tryInvert });
      if (!read.includes(prepared.text) || read.length !== 1) failures.push({ pxPerModule, binarizer, read });
    }
  }
  return failures;
}
