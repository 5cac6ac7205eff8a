import sharp from 'sharp';
import { prepareQr } from '../../../qr/prepare';
import { loadLabelOutlines } from '../../../qr/label/outlines';
import { sceneToSvg } from '../../../qr/render/svg';
import { MM_PER_INCH, type QrRenderInput, type QrRenderOutput } from '../../../qr/render/types';

/**
 * PNG at 300 or 600 DPI with the DPI in its pHYs chunk. Every module is a whole number of pixels:
 * the symbol is drawn at ⌊pixels ÷ modules⌋ px a module and the remainder goes to the quiet zone,
 * so the file's physical width is the requested one to within half a pixel.
 */
export async function renderPng(input: QrRenderInput): Promise<QrRenderOutput> {
  const dpi = input.dpi ?? 300;
  const { scene, logo } = prepareQr(input.url, input.design, input.logoImage);
  const widthPx = Math.round((input.sizeMm / MM_PER_INCH) * dpi);
  const pxPerModule = Math.floor(widthPx / scene.width);
  if (pxPerModule < 1)
    throw new RangeError(`${input.sizeMm} mm at ${dpi} DPI leaves less than a pixel a module`);
  const extra = widthPx - pxPerModule * scene.width;
  const left = Math.floor(extra / 2);
  const svg = sceneToSvg(
    scene,
    logo,
    {
      width: String(pxPerModule * scene.width),
      height: String(pxPerModule * scene.height),
    },
    await loadLabelOutlines(),
  );
  const background = scene.background ?? '#00000000';
  const bytes = await sharp(Buffer.from(svg))
    .extend({ left, right: extra - left, top: left, bottom: extra - left, background })
    .png({ compressionLevel: 9, adaptiveFiltering: false })
    .withDensity(dpi)
    .toBuffer();
  const heightPx = pxPerModule * scene.height + extra;
  return {
    bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    mime: 'image/png',
    extension: 'png',
    widthMm: (widthPx / dpi) * MM_PER_INCH,
    heightMm: (heightPx / dpi) * MM_PER_INCH,
  };
}
