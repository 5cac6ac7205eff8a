import { deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * Test images built with sharp: a photo-like JPEG (smooth detail, as a camera makes) carrying a GPS
 * location and a camera model in its EXIF, and a PNG whose header claims far more pixels than it holds.
 */
export const GPS_EXIF = {
  IFD0: { Make: 'LinkHubTestCam', Model: 'Phone 9' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '48/1 51/1 2400/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '2/1 21/1 0/1',
  },
};

/**
 * A photo-like JPEG of `width`×`height` with GPS EXIF and an EXIF orientation (1 = upright). Its grain
 * is drawn at a quarter of the size and enlarged, so detail survives the downscale to an avatar the way
 * a real photo's does (noise at full size would average out to a flat, tiny file).
 */
export async function photoWithGps(width: number, height: number, orientation = 1): Promise<Uint8Array> {
  const grain = await sharp({
    create: {
      width: Math.max(1, Math.round(width / 4)),
      height: Math.max(1, Math.round(height / 4)),
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
  const noise = await sharp(grain).resize(width, height).png().toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f4a261"/><stop offset="1" stop-color="#264653"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="50%" cy="45%" r="22%" fill="#e9c46a"/></svg>`,
  );
  const out = await sharp(gradient)
    .composite([{ input: noise, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .withExif(GPS_EXIF)
    .withMetadata({ orientation })
    .toBuffer();
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.byteLength);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small PNG file whose header says `width`×`height` (a decompression bomb: it would decode to gigabytes). */
export function pngBomb(width: number, height: number): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale, no interlace
  // The first rows of zeros: enough for a decoder to start, far from the whole image.
  const idat = deflateSync(Buffer.alloc((width + 1) * 64));
  const out = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
