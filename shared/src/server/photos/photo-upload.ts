import { createHash } from 'node:crypto';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { AppError, SemanticError, UnsupportedMediaTypeError, ValidationError } from '../../errors/app-error';
import {
  PHOTO_EXTENSION,
  PHOTO_FORMATS,
  PHOTO_USES,
  photoStorageKey,
  type PhotoFormat,
  type PhotoKind,
  type PhotoVariant,
  type ResponsiveImage,
} from '../../photos/responsive-image';

/** Largest photo file accepted: a 48-megapixel phone photo as JPEG with room to spare. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
/** Largest decoded photo accepted (50 megapixels); anything larger is refused before a pixel is decoded. */
export const PHOTO_MAX_INPUT_PIXELS = 50_000_000;

export const PHOTO_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoUploadType = (typeof PHOTO_UPLOAD_TYPES)[number];

/** One encoded variant with its bytes, before it is stored under `storageKey`. */
export type EncodedVariant = PhotoVariant & { readonly bytes: Uint8Array; readonly storageKey: string };

export type ProcessedPhoto = {
  readonly kind: PhotoKind;
  readonly image: ResponsiveImage;
  readonly variants: readonly EncodedVariant[];
  readonly uploadedAs: PhotoUploadType;
};

/** The photo type by its bytes (magic numbers), never by what the client said. */
export function sniffPhotoType(bytes: Uint8Array): PhotoUploadType | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.byteLength >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

const tooManyPixels = (width: number, height: number) =>
  new SemanticError('image_too_large', {
    message: `The photo is ${width}×${height} pixels; at most ${PHOTO_MAX_INPUT_PIXELS / 1_000_000} megapixels are accepted.`,
    details: [{ field: 'file', issue: 'too_many_pixels', maximum: PHOTO_MAX_INPUT_PIXELS }],
  });

function checkUpload(bytes: Uint8Array, declaredType: string | undefined): PhotoUploadType {
  if (bytes.byteLength === 0)
    throw new ValidationError([{ field: 'file', issue: 'empty' }], { message: 'The file is empty.' });
  if (bytes.byteLength > PHOTO_MAX_BYTES) {
    throw new SemanticError('image_too_large', {
      message: `A photo may be at most ${PHOTO_MAX_BYTES / 1024 / 1024} MB.`,
      details: [{ field: 'file', issue: 'too_large', maximum: PHOTO_MAX_BYTES }],
    });
  }
  const type = sniffPhotoType(bytes);
  if (type === null) {
    throw new UnsupportedMediaTypeError({
      message: 'A photo must be a JPEG, PNG or WebP image.',
      details: [{ field: 'file', issue: 'unsupported_type', allowed: [...PHOTO_UPLOAD_TYPES] }],
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
  return type;
}

/** Encoder settings tuned so the avatar a phone picks stays within its 40 KB budget (bench/README.md). */
function encode(pipeline: Sharp, format: PhotoFormat): Sharp {
  switch (format) {
    case 'avif':
      return pipeline.avif({ quality: 50, effort: 2 });
    case 'webp':
      return pipeline.webp({ quality: 60, effort: 4 });
    case 'jpeg':
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 72, mozjpeg: true });
  }
}

/** The widths to encode: the use's widths the source can fill, or the source's own width when it is smaller than all. */
function targetWidths(kind: PhotoKind, sourceWidth: number): number[] {
  const fits = PHOTO_USES[kind].widths.filter((w) => w <= sourceWidth);
  return fits.length > 0 ? fits : [sourceWidth];
}

/**
 * An uploaded photo made safe to publish (D-585): JPEG, PNG or WebP by its bytes, at most
 * `PHOTO_MAX_BYTES` and `PHOTO_MAX_INPUT_PIXELS` (checked from the header before decoding, and by
 * sharp's `limitInputPixels` while decoding), turned upright by its EXIF orientation, then re-encoded
 * as AVIF, WebP and JPEG at the use's widths. Re-encoding writes no metadata at all: no EXIF (camera,
 * GPS location), no XMP, no ICC profile (pixels are converted to sRGB). Each variant is named by the
 * hash of its bytes. Bad input is an AppError (400, 415 or 422), never a crash.
 */
export async function processPhotoUpload(
  bytes: Uint8Array,
  kind: PhotoKind,
  declaredType?: string,
): Promise<ProcessedPhoto> {
  const uploadedAs = checkUpload(bytes, declaredType);
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const options = { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, failOn: 'error' } as const;
  let upright: { data: Buffer; info: OutputInfo };
  try {
    const header = await sharp(input, options).metadata();
    const width = header.width ?? 0;
    const height = header.height ?? 0;
    if (width * height > PHOTO_MAX_INPUT_PIXELS) throw tooManyPixels(width, height);
    upright = await sharp(input, options)
      .rotate()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels(0, 0);
    throw new ValidationError([{ field: 'file', issue: 'unreadable_image', type: uploadedAs }], {
      message: 'The file could not be read as an image of its type.',
    });
  }
  const { info, data } = upright;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const square = PHOTO_USES[kind].square;
  const sourceWidth = square ? Math.min(info.width, info.height) : info.width;
  const variants: EncodedVariant[] = [];
  for (const width of targetWidths(kind, sourceWidth)) {
    for (const format of PHOTO_FORMATS) {
      const ratio = PHOTO_USES[kind].heightPerWidth;
      const resized = sharp(data, raw).resize(
        square
          ? { width, height: width, fit: 'cover', position: 'attention' }
          : ratio !== undefined
            ? { width, height: Math.round(width * ratio), fit: 'cover', position: 'attention' }
            : { width, withoutEnlargement: true },
      );
      const out = await encode(resized, format).toBuffer({ resolveWithObject: true });
      const name = createHash('sha256').update(out.data).digest('hex').slice(0, 32);
      const file = `${name}.${PHOTO_EXTENSION[format]}`;
      variants.push({
        format,
        width: out.info.width,
        height: out.info.height,
        path: `/_img/${file}`,
        byte_size: out.data.byteLength,
        bytes: new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.byteLength),
        storageKey: photoStorageKey(file),
      });
    }
  }
  const largest = variants.reduce((a, b) => (b.width > a.width ? b : a));
  return {
    kind,
    uploadedAs,
    variants,
    image: {
      width: largest.width,
      height: largest.height,
      variants: variants.map(({ format, width, height, path, byte_size }) => ({
        format,
        width,
        height,
        path,
        byte_size,
      })),
    },
  };
}
