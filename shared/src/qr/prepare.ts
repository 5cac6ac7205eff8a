import type { QrDesign } from './design';
import { defaultEcLevel, encodeQr, symbolText, type QrEcLevel } from './encode';
import { resolveLogo, type LogoImage } from './logo';
import { buildScene, type QrScene } from './scene';

export type PreparedQr = { readonly text: string; readonly scene: QrScene; readonly logo: LogoImage | null };

export function ecLevelFor(design: QrDesign): QrEcLevel {
  return design.errorCorrection === 'auto' ? defaultEcLevel(design.logo !== null) : design.errorCorrection;
}

/** Content (a short URL or a static payload's text) + design → the encoded text and the scene every renderer and the validator draw from. */
export function prepareQr(url: string, design: QrDesign, logoImage?: LogoImage): PreparedQr {
  const text = symbolText(url);
  const scene = buildScene(encodeQr(text, ecLevelFor(design)), design);
  return { text, scene, logo: resolveLogo(design, logoImage) };
}
