/** MIME types of the files a Vite build of the PWA contains, by extension (lower case, with dot). */
export const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.json': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
} as const satisfies Record<string, string>;

export type KnownExtension = keyof typeof MIME_TYPES;

export function isKnownExtension(ext: string): ext is KnownExtension {
  return Object.hasOwn(MIME_TYPES, ext);
}

/** The MIME type for a file path, or undefined when the extension is not one we serve. */
export function mimeTypeFor(filePath: string): string | undefined {
  const dot = filePath.lastIndexOf('.');
  const slash = filePath.lastIndexOf('/');
  if (dot <= slash) return undefined;
  const ext = filePath.slice(dot).toLowerCase();
  return isKnownExtension(ext) ? MIME_TYPES[ext] : undefined;
}
