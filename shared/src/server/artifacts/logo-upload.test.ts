import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors/app-error';
import { LOGO_MAX_BYTES, LOGO_STORED_MAX_SIDE, normaliseLogoUpload, sniffLogoType } from './logo-upload';

const png = async (width: number, height: number, colour = '#e4002b') =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 4, background: colour } })
      .png()
      .toBuffer(),
  );
const svg = (body: string, attrs = 'viewBox="0 0 10 10"') =>
  new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" ${attrs}>${body}</svg>`);

async function refusal(
  promise: Promise<unknown>,
): Promise<{ status: number; code: string; issue: string | undefined }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError)
      return { status: error.status, code: error.code, issue: error.details[0]?.issue };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('uploaded logo images', () => {
  it('recognises PNG, JPEG and SVG by their bytes, whatever the name or type claimed', async () => {
    expect(sniffLogoType(await png(4, 4))).toBe('image/png');
    expect(
      sniffLogoType(
        new Uint8Array(
          await sharp(await png(4, 4))
            .jpeg()
            .toBuffer(),
        ),
      ),
    ).toBe('image/jpeg');
    expect(sniffLogoType(svg(''))).toBe('image/svg+xml');
    expect(
      sniffLogoType(
        new TextEncoder().encode(
          '\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<!DOCTYPE svg>\n<svg xmlns="http://www.w3.org/2000/svg"/>',
        ),
      ),
    ).toBe('image/svg+xml');
    expect(sniffLogoType(new TextEncoder().encode('<html><svg></svg></html>'))).toBeNull();
    expect(sniffLogoType(new TextEncoder().encode('GIF89a....'))).toBeNull();
  });

  it('keeps a PNG a PNG, shrinks it to the stored maximum and strips its metadata', async () => {
    const big = new Uint8Array(
      await sharp(await png(2000, 1000))
        .withMetadata({ exif: { IFD0: { Copyright: 'Acme', Artist: 'Jane' } } })
        .png()
        .toBuffer(),
    );
    const out = await normaliseLogoUpload(big, 'image/png');
    expect(out).toMatchObject({
      mime: 'image/png',
      uploadedAs: 'image/png',
      width: LOGO_STORED_MAX_SIDE,
      height: LOGO_STORED_MAX_SIDE / 2,
    });
    const meta = await sharp(Buffer.from(out.bytes)).metadata();
    expect(meta.exif).toBeUndefined();
  });

  it('applies a JPEG photo orientation and drops its EXIF (no camera or location leaves the upload)', async () => {
    const photo = new Uint8Array(
      await sharp(await png(40, 20))
        .jpeg()
        .withMetadata({ orientation: 6, exif: { IFD0: { Make: 'PhoneCo' } } })
        .toBuffer(),
    );
    const out = await normaliseLogoUpload(photo, 'image/jpeg');
    expect(out).toMatchObject({ mime: 'image/jpeg', width: 20, height: 40 });
    expect((await sharp(Buffer.from(out.bytes)).metadata()).exif).toBeUndefined();
  });

  it('rasterises SVG to PNG: scripts and handlers are gone, the drawing stays', async () => {
    const active = svg(
      '<script>alert(document.cookie)</script><rect width="10" height="10" fill="#e4002b" onload="alert(1)"/>',
      'viewBox="0 0 10 20"',
    );
    const out = await normaliseLogoUpload(active, 'image/svg+xml');
    expect(out).toMatchObject({
      mime: 'image/png',
      uploadedAs: 'image/svg+xml',
      width: LOGO_STORED_MAX_SIDE / 2,
      height: LOGO_STORED_MAX_SIDE,
    });
    expect(sniffLogoType(out.bytes)).toBe('image/png');
    expect(Buffer.from(out.bytes).includes('script')).toBe(false);
    const { data } = await sharp(Buffer.from(out.bytes))
      .extract({ left: 10, top: 10, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0xe4, 0x00, 0x2b]);
  });

  it('refuses SVG that reaches outside itself (server files, URLs) or declares entities', async () => {
    expect(
      await refusal(
        normaliseLogoUpload(svg('<image href="/etc/linkhub/secret.png" width="10" height="10"/>')),
      ),
    ).toMatchObject({ status: 400, issue: 'svg_external_reference' });
    expect(
      await refusal(
        normaliseLogoUpload(
          svg(
            "<image xlink:href='https://tracker.example/p.png'/>",
            'xmlns:xlink="http://www.w3.org/1999/xlink"',
          ),
        ),
      ),
    ).toMatchObject({ status: 400, issue: 'svg_external_reference' });
    const entities = new TextEncoder().encode(
      '<!DOCTYPE svg [<!ENTITY a "aaaaaaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
    );
    expect(await refusal(normaliseLogoUpload(entities))).toMatchObject({
      status: 400,
      issue: 'svg_entities',
    });
    // Fragments and embedded images are fine.
    await expect(
      normaliseLogoUpload(svg('<defs><rect id="r" width="5" height="5"/></defs><use href="#r"/>')),
    ).resolves.toMatchObject({ mime: 'image/png' });
  });

  it('answers bad files with the error envelope codes, never a crash', async () => {
    expect(await refusal(normaliseLogoUpload(new Uint8Array()))).toEqual({
      status: 400,
      code: 'validation_failed',
      issue: 'empty',
    });
    expect(await refusal(normaliseLogoUpload(new Uint8Array(LOGO_MAX_BYTES + 1).fill(0x41)))).toEqual({
      status: 413,
      code: 'request_too_large',
      issue: 'too_large',
    });
    expect(await refusal(normaliseLogoUpload(new TextEncoder().encode('GIF89a not a logo')))).toEqual({
      status: 415,
      code: 'unsupported_media_type',
      issue: 'unsupported_type',
    });
    expect(await refusal(normaliseLogoUpload(svg('<rect/>'), 'image/png'))).toEqual({
      status: 415,
      code: 'unsupported_media_type',
      issue: 'type_mismatch',
    });
    const truncated = (await png(64, 64)).subarray(0, 40);
    expect(await refusal(normaliseLogoUpload(truncated))).toEqual({
      status: 400,
      code: 'validation_failed',
      issue: 'unreadable_image',
    });
    expect(
      await refusal(
        normaliseLogoUpload(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect</svg>')),
      ),
    ).toEqual({ status: 400, code: 'validation_failed', issue: 'unreadable_image' });
    // 5,000 × 5,000 of one colour is a few KB of PNG but 25 million pixels to decode.
    const bomb = new Uint8Array(
      await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#ffffff' } })
        .png({ compressionLevel: 9, palette: true, colours: 2 })
        .toBuffer(),
    );
    expect(bomb.byteLength).toBeLessThan(LOGO_MAX_BYTES);
    expect(await refusal(normaliseLogoUpload(bomb))).toEqual({
      status: 413,
      code: 'request_too_large',
      issue: 'too_many_pixels',
    });
  });
});
