import type { Context } from 'hono';
import type { PhotoFiles } from '../photo-files';
import { photoMimeOf, photoStorageKey } from '@linkhub/shared/photos/responsive-image';

/** A name is the hash of the file's bytes (D-585): what it names never changes, so it is cached for a year. */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * `GET /_img/{hash}.{avif|webp|jpg}` on every host the edge serves pages on: an uploaded photo's
 * variant, same-origin with the page (no third-party request, `img-src 'self'`). Anything else under
 * the path, or a name not stored, is a plain 404 that is not cached for long.
 */
export function createPhotoRoute(store: PhotoFiles | undefined) {
  return async (c: Context, file: string): Promise<Response> => {
    const mime = photoMimeOf(file);
    const stored = mime === null || store === undefined ? null : await store.stream(photoStorageKey(file));
    if (mime === null || stored === null) {
      return c.body('Not found', 404, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'public, max-age=60',
        'X-Content-Type-Options': 'nosniff',
      });
    }
    return new Response(c.req.method === 'HEAD' ? null : stored.body, {
      status: 200,
      headers: {
        'Content-Type': mime,
        'Content-Length': String(stored.byteSize),
        'Cache-Control': PHOTO_CACHE_CONTROL,
        'X-Content-Type-Options': 'nosniff',
        // An image only: nothing it could carry runs, even opened on its own.
        'Content-Security-Policy': "default-src 'none'; sandbox",
        'Cross-Origin-Resource-Policy': 'same-site',
      },
    });
  };
}
