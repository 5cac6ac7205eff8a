import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error';
import { photoWithGps, pngBomb } from './photo-testing';
import { processPhotoUpload, PHOTO_MAX_BYTES } from './photo-upload';
import { pictureHtml } from '../../photos/responsive-image';

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string; issue: unknown }> {
  const error: unknown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return { status: error.status, code: error.code, issue: error.details[0]?.issue };
}

describe('processPhotoUpload', () => {
  it('strips the GPS location and every other metadata from every stored variant', async () => {
    const upload = await photoWithGps(1600, 1200);
    const before = await sharp(upload).metadata();
    expect(before.exif?.includes(Buffer.from('LinkHubTestCam'))).toBe(true);

    const photo = await processPhotoUpload(upload, 'block_image', 'image/jpeg');
    expect(photo.variants.map((v) => `${v.format}@${v.width}`).sort()).toEqual(
      ['480', '960', '1440'].flatMap((w) => ['avif', 'webp', 'jpeg'].map((f) => `${f}@${w}`)).sort(),
    );
    for (const variant of photo.variants) {
      const meta = await sharp(variant.bytes).metadata();
      expect(meta.exif, variant.path).toBeUndefined();
      expect(meta.xmp, variant.path).toBeUndefined();
      expect(meta.icc, variant.path).toBeUndefined();
      expect(Buffer.from(variant.bytes).includes(Buffer.from('LinkHubTestCam'))).toBe(false);
      expect(meta.format).toBe(variant.format === 'avif' ? 'heif' : variant.format);
      expect([meta.width, meta.height]).toEqual([variant.width, variant.height]);
      expect(variant.height).toBe(Math.round((variant.width * 1200) / 1600));
    }
  });

  it('turns a sideways camera photo upright by its EXIF orientation', async () => {
    // Stored 1200×900 with orientation 6 (rotate 90°): the photo as seen is 900 wide, 1200 tall.
    const photo = await processPhotoUpload(await photoWithGps(1200, 900, 6), 'block_image');
    expect(photo.image.width).toBe(480);
    expect(photo.image.height).toBe(640);
  });

  it('crops avatars square at 96, 192 and 384 px, each within the 40 KB budget of a 390 px phone', async () => {
    const photo = await processPhotoUpload(await photoWithGps(3000, 4000), 'avatar');
    expect(photo.image).toMatchObject({ width: 384, height: 384 });
    expect(new Set(photo.variants.map((v) => v.width))).toEqual(new Set([96, 192, 384]));
    for (const variant of photo.variants) expect(variant.height).toBe(variant.width);
    // The avatar is drawn 96 CSS px wide; a 3x phone picks the 384 px entry of whichever format it takes.
    const picked = photo.variants.filter((v) => v.width === 384);
    expect(picked).toHaveLength(3);
    for (const variant of picked) expect(variant.byte_size, variant.format).toBeLessThanOrEqual(40 * 1024);
  });

  it('never enlarges: a photo narrower than every width is kept at its own width', async () => {
    const photo = await processPhotoUpload(await photoWithGps(300, 200), 'block_image');
    expect(new Set(photo.variants.map((v) => v.width))).toEqual(new Set([300]));
  });

  it('names variants by their content, so the same upload gives the same names', async () => {
    const upload = await photoWithGps(500, 500);
    const a = await processPhotoUpload(upload, 'avatar');
    const b = await processPhotoUpload(upload, 'avatar');
    expect(a.variants.map((v) => v.path)).toEqual(b.variants.map((v) => v.path));
    expect(new Set(a.variants.map((v) => v.path)).size).toBe(a.variants.length);
  });

  it('refuses a decompression bomb from its header, before decoding it', async () => {
    expect(await refusal(processPhotoUpload(pngBomb(60_000, 60_000), 'avatar'))).toEqual({
      status: 422,
      code: 'image_too_large',
      issue: 'too_many_pixels',
    });
  });

  it('refuses a file that is not a photo, a type that lies, an empty file and an oversized file', async () => {
    const gif = new TextEncoder().encode('GIF89a\x01\x00\x01\x00');
    expect(await refusal(processPhotoUpload(gif, 'avatar'))).toMatchObject({
      status: 415,
      issue: 'unsupported_type',
    });
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>');
    expect(await refusal(processPhotoUpload(svg, 'avatar'))).toMatchObject({ status: 415 });
    const jpeg = await photoWithGps(64, 64);
    expect(await refusal(processPhotoUpload(jpeg, 'avatar', 'image/png'))).toMatchObject({
      status: 415,
      issue: 'type_mismatch',
    });
    expect(await refusal(processPhotoUpload(new Uint8Array(0), 'avatar'))).toMatchObject({
      status: 400,
      issue: 'empty',
    });
    const huge = new Uint8Array(PHOTO_MAX_BYTES + 1);
    huge.set(jpeg.subarray(0, 3));
    expect(await refusal(processPhotoUpload(huge, 'avatar'))).toEqual({
      status: 422,
      code: 'image_too_large',
      issue: 'too_large',
    });
    const truncated = jpeg.subarray(0, 40);
    expect(await refusal(processPhotoUpload(truncated, 'avatar'))).toMatchObject({
      status: 400,
      issue: 'unreadable_image',
    });
  });
});

describe('pictureHtml', () => {
  it('offers AVIF and WebP sources and a JPEG img with srcset, sizes and a reserved box', async () => {
    const photo = await processPhotoUpload(await photoWithGps(800, 800), 'avatar');
    const html = pictureHtml(photo.image, {
      alt: 'Maya',
      className: 'avatar',
      sizes: '96px',
      width: 96,
      height: 96,
      eager: true,
    });
    const path = (format: string, width: number) =>
      photo.variants.find((v) => v.format === format && v.width === width)?.path ?? 'missing';
    expect(html).toContain(
      `<source type="image/avif" srcset="${path('avif', 96)} 96w, ${path('avif', 192)} 192w, ${path('avif', 384)} 384w" sizes="96px">`,
    );
    expect(html).toContain(`<source type="image/webp" srcset="${path('webp', 96)} 96w`);
    expect(html).toContain(`src="${path('jpeg', 384)}" srcset="${path('jpeg', 96)} 96w`);
    expect(html).toContain('alt="Maya" width="96" height="96" loading="eager"');
  });
});
