import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Context } from 'hono';
import { servedFontFiles } from '@linkhub/shared/blocks/web-fonts';

/** The path carries the packages' version, so a file never changes under its address (D-581). */
const FONT_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export type FontFiles = (c: Context, file: string) => Promise<Response>;

/**
 * `GET /_fonts/{version}/{file}.woff2` on every host: the self-hosted theme fonts, read once from
 * their `@fontsource` packages and kept in memory (a few hundred KB in all). Only the files the
 * themes use are served; any other name is a 404.
 */
export function createFontFiles(): FontFiles {
  const files = servedFontFiles();
  const require = createRequire(import.meta.url);
  const loaded = new Map<string, Promise<Buffer>>();
  const load = (name: string, source: { packageName: string; path: string }): Promise<Buffer> => {
    let bytes = loaded.get(name);
    if (bytes === undefined) {
      bytes = readFile(require.resolve(`${source.packageName}/${source.path}`));
      // A failed read is retried by the next request rather than remembered.
      bytes.catch(() => loaded.delete(name));
      loaded.set(name, bytes);
    }
    return bytes;
  };
  return async (c, file) => {
    const source = files.get(file);
    if (source === undefined)
      return c.body('not found', 404, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      });
    const bytes = await load(file, source);
    return c.body(new Uint8Array(bytes), 200, {
      'Content-Type': 'font/woff2',
      'Cache-Control': FONT_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    });
  };
}
