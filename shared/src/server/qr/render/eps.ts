import sharp from 'sharp';
import type { Path } from '../../../qr/path';
import { labelPath, loadLabelOutlines } from '../../../qr/label/outlines';
import { prepareQr } from '../../../qr/prepare';
import { colourComponents } from '../../../qr/render/ps-colour';
import { PT_PER_MM, type QrRenderInput, type QrRenderOutput } from '../../../qr/render/types';

function n(v: number): string {
  return String(Math.round(v * 10000) / 10000);
}

/** PostScript path operators, y flipped (PostScript's origin is bottom-left). */
function psPath(path: Path, unit: number, height: number): string {
  const x = (v: number) => n(v * unit);
  const y = (v: number) => n(height - v * unit);
  const out: string[] = ['newpath'];
  for (const c of path) {
    if (c.op === 'M') out.push(`${x(c.x)} ${y(c.y)} m`);
    else if (c.op === 'L') out.push(`${x(c.x)} ${y(c.y)} l`);
    else if (c.op === 'C') out.push(`${x(c.x1)} ${y(c.y1)} ${x(c.x2)} ${y(c.y2)} ${x(c.x)} ${y(c.y)} c`);
    else out.push('h');
  }
  return out.join('\n');
}

/**
 * A small EPS (PostScript level 2) writer: vector paths, `%%BoundingBox` in whole points and
 * `%%HiResBoundingBox` at the exact size, RGB or CMYK colours, the logo as an embedded image.
 */
export async function renderEps(input: QrRenderInput): Promise<QrRenderOutput> {
  const { scene, logo } = prepareQr(input.url, input.design, input.logoImage);
  const space = input.colorSpace ?? 'rgb';
  const setColour = (hex: string) =>
    `${colourComponents(hex, space).map(n).join(' ')} ${space === 'rgb' ? 'setrgbcolor' : 'setcmykcolor'}`;
  const widthMm = input.sizeMm;
  const heightMm = (widthMm * scene.height) / scene.width;
  const w = widthMm * PT_PER_MM;
  const h = heightMm * PT_PER_MM;
  const unit = w / scene.width;

  const body: string[] = [];
  if (scene.background !== null) body.push(setColour(scene.background), `0 0 ${n(w)} ${n(h)} rectfill`);
  if (scene.frame !== null) {
    const { label } = scene.frame;
    body.push(setColour(scene.frame.color), psPath(scene.frame.path, unit, h), 'fill');
    // Glyph outlines of the bundled face (D-520): no font lookup on the printer's RIP.
    const glyphs = labelPath(label, label.font, await loadLabelOutlines());
    if (glyphs.length > 0) body.push(setColour(label.color), psPath(glyphs, unit, h), 'fill');
  }
  const rects: string[] = [];
  const r = scene.darkRects;
  for (let i = 0; i + 3 < r.length; i += 4) {
    rects.push(
      `${n((r[i] ?? 0) * unit)} ${n(h - (r[i + 1] ?? 0) * unit)} ${n((r[i + 2] ?? 0) * unit)} ${n((r[i + 3] ?? 0) * unit)} r`,
    );
  }
  body.push(setColour(scene.fg), psPath(scene.dark, unit, h), ...rects, 'fill');
  if (scene.logo !== null && logo !== null) {
    // 300 px an inch of printed logo: print resolution without a megabyte of hex.
    const px = Math.max(32, Math.min(600, Math.round(((scene.logo.size * unit) / 72) * 300)));
    const { data } = await sharp(Buffer.from(logo.bytes), { density: 300 })
      .resize(px, px, { fit: 'contain', background: scene.background ?? '#ffffff' })
      .flatten({ background: scene.background ?? '#ffffff' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { x, y, size } = scene.logo;
    body.push(
      'gsave',
      `${n(x * unit)} ${n(h - (y + size) * unit)} translate ${n(size * unit)} ${n(size * unit)} scale`,
      `/DeviceRGB setcolorspace`,
      `<< /ImageType 1 /Width ${px} /Height ${px} /BitsPerComponent 8 /Decode [0 1 0 1 0 1] /ImageMatrix [${px} 0 0 -${px} 0 ${px}] /DataSource currentfile /ASCIIHexDecode filter >> image`,
      `${data.toString('hex').replace(/(.{128})/g, '$1\n')}>`,
      'grestore',
    );
  }

  const eps = [
    '%!PS-Adobe-3.0 EPSF-3.0',
    `%%BoundingBox: 0 0 ${Math.ceil(w - 1e-6)} ${Math.ceil(h - 1e-6)}`,
    `%%HiResBoundingBox: 0 0 ${n(w)} ${n(h)}`,
    `%%Title: ${scene.matrix.text.replace(/[^\x20-\x7e]/g, '?')}`,
    '%%Creator: LinkHub',
    '%%LanguageLevel: 2',
    '%%Pages: 1',
    '%%EndComments',
    'save',
    '/m { moveto } bind def /l { lineto } bind def /c { curveto } bind def /h { closepath } bind def',
    // x top w h r: a rectangle sub-path wound like the other shapes (top-left, right, down, left).
    '/r { 4 2 roll moveto 1 index 0 rlineto 0 exch neg rlineto neg 0 rlineto closepath } bind def',
    ...body,
    'restore',
    'showpage',
    '%%EOF',
    '',
  ].join('\n');
  return {
    bytes: new TextEncoder().encode(eps),
    mime: 'application/postscript',
    extension: 'eps',
    widthMm,
    heightMm,
  };
}
