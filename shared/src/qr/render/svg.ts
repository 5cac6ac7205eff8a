import { logoToDataUrl, type LogoImage } from '../logo';
import { rectsToSvgPathData, toSvgPathData } from '../path';
import { prepareQr } from '../prepare';
import type { QrScene } from '../scene';
import type { QrRenderInput, QrRenderOutput } from './types';

export const SVG_FONT_FAMILIES = {
  sans: "Helvetica, Arial, 'Liberation Sans', sans-serif",
  serif: "'Times New Roman', Times, 'Liberation Serif', serif",
  mono: "'Courier New', Courier, 'Liberation Mono', monospace",
} as const;

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );
}

/**
 * The SVG document of a scene. The viewBox is the module grid (one unit = one module, integer
 * origin), so square modules land on whole units; `width`/`height` carry the physical or pixel size.
 */
export function sceneToSvg(
  scene: QrScene,
  logo: LogoImage | null,
  size: { readonly width: string; readonly height: string },
): string {
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${size.width}" height="${size.height}" viewBox="0 0 ${scene.width} ${scene.height}">`,
  ];
  if (scene.background !== null) {
    parts.push(`<rect width="${scene.width}" height="${scene.height}" fill="${scene.background}"/>`);
  }
  if (scene.frame !== null) {
    const { label } = scene.frame;
    parts.push(
      `<path fill="${scene.frame.color}" d="${toSvgPathData(scene.frame.path)}"/>`,
      `<text x="${label.x}" y="${label.y}" fill="${label.color}" font-family="${escapeXml(SVG_FONT_FAMILIES[label.font])}" font-size="${label.fontSize}" font-weight="bold" text-anchor="middle" dominant-baseline="central">${escapeXml(label.text)}</text>`,
    );
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
  const svg = sceneToSvg(scene, logo, { width: `${round(input.sizeMm)}mm`, height: `${round(heightMm)}mm` });
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
