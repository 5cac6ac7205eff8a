import { logoToDataUrl, type LogoImage } from '../logo';
import { rectsToSvgPathData, toSvgPathData } from '../path';
import type { LabelFontOutlines } from '../label/metrics';
import { labelPath, loadLabelOutlines } from '../label/outlines';
import { prepareQr } from '../prepare';
import type { QrScene } from '../scene';
import type { QrRenderInput, QrRenderOutput } from './types';

/**
 * The SVG document of a scene. The viewBox is the module grid (one unit = one module, integer
 * origin), so square modules land on whole units; `width`/`height` carry the physical or pixel size.
 * The frame label is glyph outlines from the bundled face (D-520), never live text; without the
 * glyph table (`null`, still loading in the browser) the label is left out.
 */
export function sceneToSvg(
  scene: QrScene,
  logo: LogoImage | null,
  size: { readonly width: string; readonly height: string },
  outlines: LabelFontOutlines | null,
): string {
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${size.width}" height="${size.height}" viewBox="0 0 ${scene.width} ${scene.height}">`,
  ];
  if (scene.background !== null) {
    parts.push(`<rect width="${scene.width}" height="${scene.height}" fill="${scene.background}"/>`);
  }
  if (scene.frame !== null) {
    const { label } = scene.frame;
    parts.push(`<path fill="${scene.frame.color}" d="${toSvgPathData(scene.frame.path)}"/>`);
    if (outlines !== null) {
      parts.push(
        `<path fill="${label.color}" shape-rendering="geometricPrecision" d="${toSvgPathData(labelPath(label, label.font, outlines))}"/>`,
      );
    }
  }
  const rendering = scene.gridAligned ? 'crispEdges' : 'geometricPrecision';
  parts.push(
    `<path fill="${scene.fg}" shape-rendering="${rendering}" d="${rectsToSvgPathData(scene.darkRects)}${toSvgPathData(scene.dark)}"/>`,
  );
  if (scene.logo !== null && logo !== null) {
    const { x, y, size: s } = scene.logo;
    parts.push(
      `<image x="${x}" y="${y}" width="${s}" height="${s}" preserveAspectRatio="xMidYMid meet" href="${logoToDataUrl(logo)}"/>`,
    );
  }
  parts.push('</svg>');
  return parts.join('');
}

export async function renderSvg(input: QrRenderInput): Promise<QrRenderOutput> {
  const { scene, logo } = prepareQr(input.url, input.design, input.logoImage);
  const heightMm = (input.sizeMm * scene.height) / scene.width;
  const svg = sceneToSvg(
    scene,
    logo,
    { width: `${round(input.sizeMm)}mm`, height: `${round(heightMm)}mm` },
    await loadLabelOutlines(),
  );
  return {
    bytes: new TextEncoder().encode(svg),
    mime: 'image/svg+xml',
    extension: 'svg',
    widthMm: input.sizeMm,
    heightMm,
  };
}

function round(v: number): number {
  return Math.round(v * 10000) / 10000;
}
