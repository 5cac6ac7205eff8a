import { existsSync } from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from '../app-env';

/** Paths that belong to the API and never fall back to the PWA's index.html. */
export const API_PATH_PREFIXES = ['/api/', '/v1/', '/v1', '/replicache/', '/webhooks/', '/healthz'] as const;

export function isApiPath(requestPath: string): boolean {
  return API_PATH_PREFIXES.some(
    (prefix) =>
      requestPath === prefix || requestPath.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}

/**
 * Serves the built PWA (`pwa/dist`) for non-API GET/HEAD requests: files as they are, and
 * `index.html` for client-side routes. Returns null when there is no build.
 */
export function pwaStatic(distDir: string): MiddlewareHandler<AppEnv> | null {
  const root = path.resolve(distDir);
  if (!existsSync(path.join(root, 'index.html'))) return null;
  const files = serveStatic<AppEnv>({ root });
  const shell = serveStatic<AppEnv>({ root, path: 'index.html' });
  const notHere = async (): Promise<void> => undefined;
  return async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    const file = await files(c, notHere);
    if (file) return file;
    // Only navigations get the app shell; a missing /assets/x.js stays a 404.
    const wantsHtml = (c.req.header('Accept') ?? '').includes('text/html');
    if (wantsHtml && !path.extname(c.req.path)) {
      const page = await shell(c, notHere);
      if (page) return page;
    }
    return next();
  };
}
