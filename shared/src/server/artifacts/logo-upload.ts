import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import {
  AppError,
  PayloadTooLargeError,
  UnsupportedMediaTypeError,
  ValidationError,
} from '../../errors/app-error';
import { assertSvgPolicy } from '../../svg/policy';

/** Largest logo file accepted (the /v1 body limit too): a print logo a few millimetres wide needs far less. */
export const LOGO_MAX_BYTES = 256 * 1024;
/** Largest decoded image accepted (decompression bombs are refused before any pixel is decoded). */
export const LOGO_MAX_INPUT_PIXELS = 4096 * 4096;
/** Stored logos are at most this many pixels on their long side: over 600 DPI at 40 mm. */
export const LOGO_STORED_MAX_SIDE = 1024;

export const LOGO_UPLOAD_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export type LogoUploadType = (typeof LOGO_UPLOAD_TYPES)[number];

export type NormalisedLogo = {
  /** Always a raster: SVG is rasterised, so an uploaded file is never served or embedded as active SVG. */
  readonly mime: 'image/png' | 'image/jpeg';
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
  /** What the upload was, by its bytes. */
  readonly uploadedAs: LogoUploadType;
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image type by its bytes (magic numbers; for SVG the root element), never by what the client said. */
export function sniffLogoType(bytes: Uint8Array): LogoUploadType | null {
  if (PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(bytes.subarray(0, 4096))
    .replace(/^\uFEFF/, '');
  // Prolog, comments and doctype may come before the root element; the root must be <svg.
  const rest = head.replace(/^(\s+|<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)*/i, '');
  return /^<svg[\s>]/i.test(rest) || /^<[A-Za-z_][\w.-]*:svg[\s>]/.test(rest) ? 'image/svg+xml' : null;
}

const unreadable = (type: LogoUploadType) =>
  new ValidationError([{ field: 'file', issue: 'unreadable_image', type }], {
    message: 'The file could not be read as an image of its type.',
  });

export type RasterisedLogo = { readonly bytes: Uint8Array; readonly width: number; readonly height: number };

/** Turns checked SVG text into the stored PNG: on this thread (`rasteriseSvgText`) or in a bounded worker pool (sync-server). */
export type SvgRasteriser = (text: string, field?: string) => Promise<RasterisedLogo>;

/** The SVG drawn at `LOGO_STORED_MAX_SIDE` px on its long side. Only for text that passed `assertSvgPolicy`. */
export const rasteriseSvgText: SvgRasteriser = async (text) => {
  // No system fonts; scripts, event handlers and animations are never run by a renderer.
  const base = { font: { loadSystemFonts: false } };
  const probe = new Resvg(text, base);
  const fitTo =
    probe.width >= probe.height
      ? ({ mode: 'width', value: LOGO_STORED_MAX_SIDE } as const)
      : ({ mode: 'height', value: LOGO_STORED_MAX_SIDE } as const);
  const image = new Resvg(text, { ...base, fitTo }).render();
  // Re-encode through sharp so the stored PNG is a plain, metadata-free file like every other upload.
  const { data, info } = await sharp(image.asPng()).png().toBuffer({ resolveWithObject: true });
  return {
    bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
};

async function rasteriseSvg(bytes: Uint8Array, rasterise: SvgRasteriser): Promise<RasterisedLogo> {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  assertSvgPolicy(text, 'file');
  return rasterise(text);
}

async function reencodeRaster(bytes: Uint8Array, type: 'image/png' | 'image/jpeg'): Promise<RasterisedLogo> {
  // rotate() applies the EXIF orientation; the output carries no metadata (no camera, no location).
  const pipeline = sharp(Buffer.from(bytes), { limitInputPixels: LOGO_MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({
      width: LOGO_STORED_MAX_SIDE,
      height: LOGO_STORED_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
  const { data, info } = await (
    type === 'image/png' ? pipeline.png() : pipeline.jpeg({ quality: 92 })
  ).toBuffer({ resolveWithObject: true });
  return {
    bytes: new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}

/**
 * An uploaded logo made safe to store and print: at most `LOGO_MAX_BYTES`, PNG, JPEG or
 * SVG by its bytes (a declared `Content-Type` that disagrees is refused), decoded for real, metadata
 * stripped, at most `LOGO_STORED_MAX_SIDE` px, and SVG rasterised to PNG by `rasterise` once it is
 * within the element, depth and `<use>` limits. Bad input is an AppError (413, 415, 400 or 422
 * `image_too_complex`), never a crash.
 */
export async function normaliseLogoUpload(
  bytes: Uint8Array,
  declaredType?: string,
  rasterise: SvgRasteriser = rasteriseSvgText,
): Promise<NormalisedLogo> {
  if (bytes.byteLength === 0)
    throw new ValidationError([{ field: 'file', issue: 'empty' }], { message: 'The file is empty.' });
  if (bytes.byteLength > LOGO_MAX_BYTES) {
    throw new PayloadTooLargeError({
      message: `A logo may be at most ${LOGO_MAX_BYTES} bytes.`,
      details: [{ field: 'file', issue: 'too_large', maximum: LOGO_MAX_BYTES }],
    });
  }
  const type = sniffLogoType(bytes);
  if (type === null) {
    throw new UnsupportedMediaTypeError({
      message: 'A logo must be a PNG, JPEG or SVG image.',
      details: [{ field: 'file', issue: 'unsupported_type', allowed: [...LOGO_UPLOAD_TYPES] }],
    });
  }
  const declared = declaredType?.split(';')[0]?.trim().toLowerCase();
  if (
    declared !== undefined &&
    declared !== '' &&
    declared !== 'application/octet-stream' &&
    declared !== type
  ) {
    throw new UnsupportedMediaTypeError({
      message: `The file is ${type}, not ${declared}.`,
      details: [{ field: 'file', issue: 'type_mismatch', declared, detected: type }],
    });
  }
  try {
    const out =
      type === 'image/svg+xml' ? await rasteriseSvg(bytes, rasterise) : await reencodeRaster(bytes, type);
    return { ...out, mime: type === 'image/jpeg' ? 'image/jpeg' : 'image/png', uploadedAs: type };
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new PayloadTooLargeError({
        message: `The image is larger than ${LOGO_MAX_INPUT_PIXELS} pixels.`,
        details: [{ field: 'file', issue: 'too_many_pixels', maximum: LOGO_MAX_INPUT_PIXELS }],
      });
    }
    throw unreadable(type);
  }
}
