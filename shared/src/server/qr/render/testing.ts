import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp, { type SharpOptions } from 'sharp';
import type { RgbaImage } from '../decode';
import { MM_PER_INCH, type QrRenderOutput } from '../../../qr/render/types';

/**
 * Test support for the render contract: reads every export back the way a print shop would —
 * SVG through librsvg (sharp), PDF through poppler's `pdftoppm`, EPS through ghostscript — and
 * reads the physical size each file declares.
 */
const run = promisify(execFile);

async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'linkhub-qr-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function toRgba(png: Buffer | Uint8Array, input: SharpOptions = {}): Promise<RgbaImage> {
  const { data, info } = await sharp(Buffer.from(png), input)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

export async function rasteriseOutput(out: QrRenderOutput, dpi: number): Promise<RgbaImage> {
  switch (out.extension) {
    case 'png':
      return toRgba(out.bytes);
    case 'svg':
      return toRgba(out.bytes, { density: dpi });
    case 'pdf':
      return withTempDir(async (dir) => {
        await writeFile(join(dir, 'in.pdf'), out.bytes);
        await run('pdftoppm', [
          '-r',
          String(dpi),
          '-png',
          '-singlefile',
          join(dir, 'in.pdf'),
          join(dir, 'out'),
        ]);
        return toRgba(await readFile(join(dir, 'out.png')));
      });
    case 'eps':
      return withTempDir(async (dir) => {
        await writeFile(join(dir, 'in.eps'), out.bytes);
        await run('gs', [
          '-q',
          '-dSAFER',
          '-dBATCH',
          '-dNOPAUSE',
          '-dEPSCrop',
          '-dGraphicsAlphaBits=4',
          '-dTextAlphaBits=4',
          '-sDEVICE=png16m',
          `-r${dpi}`,
          `-sOutputFile=${join(dir, 'out.png')}`,
          join(dir, 'in.eps'),
        ]);
        return toRgba(await readFile(join(dir, 'out.png')));
      });
  }
}

const PT_TO_MM = MM_PER_INCH / 72;

/** The size the file itself declares (SVG width/height, PNG pixels ÷ pHYs, PDF TrimBox, EPS HiResBoundingBox). */
export async function declaredSizeMm(
  out: QrRenderOutput,
): Promise<{ widthMm: number; heightMm: number; dpi?: number }> {
  switch (out.extension) {
    case 'svg': {
      const text = new TextDecoder().decode(out.bytes);
      const w = /<svg[^>]*\swidth="([\d.]+)mm"/.exec(text);
      const h = /<svg[^>]*\sheight="([\d.]+)mm"/.exec(text);
      return { widthMm: Number(w?.[1]), heightMm: Number(h?.[1]) };
    }
    case 'png': {
      const buf = Buffer.from(out.bytes);
      const width = buf.readUInt32BE(16);
      const height = buf.readUInt32BE(20);
      let offset = 8;
      while (offset < buf.length) {
        const length = buf.readUInt32BE(offset);
        const type = buf.toString('latin1', offset + 4, offset + 8);
        if (type === 'pHYs') {
          const ppmX = buf.readUInt32BE(offset + 8);
          const ppmY = buf.readUInt32BE(offset + 12);
          if (buf[offset + 16] !== 1) break; // unit must be the metre
          return {
            widthMm: (width / ppmX) * 1000,
            heightMm: (height / ppmY) * 1000,
            dpi: Math.round((ppmX * MM_PER_INCH) / 1000),
          };
        }
        offset += length + 12;
      }
      throw new Error('PNG has no pHYs chunk');
    }
    case 'pdf':
      return withTempDir(async (dir) => {
        await writeFile(join(dir, 'in.pdf'), out.bytes);
        const { stdout } = await run('pdfinfo', ['-box', join(dir, 'in.pdf')]);
        const m = /TrimBox:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(stdout);
        if (m === null) throw new Error('PDF has no TrimBox');
        return {
          widthMm: (Number(m[3]) - Number(m[1])) * PT_TO_MM,
          heightMm: (Number(m[4]) - Number(m[2])) * PT_TO_MM,
        };
      });
    case 'eps': {
      const text = new TextDecoder().decode(out.bytes);
      const m = /%%HiResBoundingBox: ([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)/.exec(text);
      if (m === null) throw new Error('EPS has no HiResBoundingBox');
      return {
        widthMm: (Number(m[3]) - Number(m[1])) * PT_TO_MM,
        heightMm: (Number(m[4]) - Number(m[2])) * PT_TO_MM,
      };
    }
  }
}

export function pixelAt(
  image: RgbaImage,
  x: number,
  y: number,
): { r: number; g: number; b: number; a: number } {
  const i = (Math.round(y) * image.width + Math.round(x)) * 4;
  return {
    r: image.data[i] ?? 0,
    g: image.data[i + 1] ?? 0,
    b: image.data[i + 2] ?? 0,
    a: image.data[i + 3] ?? 0,
  };
}

/** Composites an RGBA image over white, as paper under a transparent export. */
export function overWhite(image: RgbaImage): RgbaImage {
  const data = new Uint8ClampedArray(image.data.length);
  for (let i = 0; i < data.length; i += 4) {
    const a = (image.data[i + 3] ?? 0) / 255;
    data[i] = (image.data[i] ?? 0) * a + 255 * (1 - a);
    data[i + 1] = (image.data[i + 1] ?? 0) * a + 255 * (1 - a);
    data[i + 2] = (image.data[i + 2] ?? 0) * a + 255 * (1 - a);
    data[i + 3] = 255;
  }
  return { data, width: image.width, height: image.height };
}

/** Bounding box of the pixels within `tolerance` of a colour (per channel), opaque ones only. */
export function boundsOf(
  image: RgbaImage,
  colour: { r: number; g: number; b: number },
  tolerance = 24,
): { left: number; top: number; right: number; bottom: number } | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const i = (y * image.width + x) * 4;
      if ((image.data[i + 3] ?? 0) < 200) continue;
      if (
        Math.abs((image.data[i] ?? 0) - colour.r) > tolerance ||
        Math.abs((image.data[i + 1] ?? 0) - colour.g) > tolerance ||
        Math.abs((image.data[i + 2] ?? 0) - colour.b) > tolerance
      )
        continue;
      left = Math.min(left, x);
      right = Math.max(right, x);
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
  }
  return left === Infinity ? null : { left, top, right: right + 1, bottom: bottom + 1 };
}
