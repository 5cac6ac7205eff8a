import sharp from 'sharp';
import type { LogoImage } from '../../qr/logo';
import type { QrScene } from '../../qr/scene';
import { sceneToSvg } from '../../qr/render/svg';
import type { RgbaImage } from './decode';
import { gaussianBlur } from './blur';
import { loadLabelOutlines } from '../../qr/label/outlines';

/**
 * Rasterises a scene (through its SVG, so the validator sees exactly what the SVG renderer
 * draws) at `pxPerModule`, optionally blurred; a transparent ground is flattened onto `ground`.
 */
export async function rasteriseScene(
  scene: QrScene,
  logo: LogoImage | null,
  pxPerModule: number,
  options: { readonly blurSigma?: number; readonly ground?: string } = {},
): Promise<RgbaImage> {
  const blurSigma = options.blurSigma ?? 0;
  const width = Math.max(1, Math.round(scene.width * pxPerModule));
  const height = Math.max(1, Math.round(scene.height * pxPerModule));
  const svg = sceneToSvg(
    scene,
    logo,
    { width: String(width), height: String(height) },
    await loadLabelOutlines(),
  );
  const { data, info } = await sharp(Buffer.from(svg))
    .flatten({ background: options.ground ?? '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
  return blurSigma > 0 ? gaussianBlur(image, blurSigma) : image;
}
