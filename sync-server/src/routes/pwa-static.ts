import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { EDGE_URL_META } from '@linkhub/shared/url/public-address';
import type { AppEnv } from '../app-env';

/** Paths that belong to the API and never fall back to the PWA's index.html. */
export const API_PATH_PREFIXES = ['/api/', '/v1/', '/v1', '/replicache/', '/webhooks/', '/healthz'] as const;

export function isApiPath(requestPath: string): boolean {
  return API_PATH_PREFIXES.some(
    (prefix) =>
      requestPath === prefix || requestPath.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

/** index.html with the edge's public URL in a meta tag, so the editor's addresses open in this stack. */
function shellWithEdgeUrl(root: string, edgeUrl: string): string {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const meta = `<meta name="${EDGE_URL_META}" content="${escapeAttribute(edgeUrl)}">`;
  return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : `${meta}${html}`;
}

/**
 * Serves the built PWA (`pwa/dist`) for non-API GET/HEAD requests: files as they are, and
 * `index.html` (with the edge's public URL, `edgeUrl`) for `/`, `/index.html` (what the service
 * worker precaches) and client-side routes. Returns null when there is no build.
 */
export function pwaStatic(distDir: string, edgeUrl: string | null = null): MiddlewareHandler<AppEnv> | null {
  const root = path.resolve(distDir);
  if (!existsSync(path.join(root, 'index.html'))) return null;
  const files = serveStatic<AppEnv>({ root });
  // Read once per start: a rebuild restarts the launcher, which restarts this server.
  const shell =
    edgeUrl === null ? readFileSync(path.join(root, 'index.html'), 'utf8') : shellWithEdgeUrl(root, edgeUrl);
  const notHere = async (): Promise<void> => undefined;
  return async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    const wantsHtml = (c.req.header('Accept') ?? '').includes('text/html');
    const isShell =
      c.req.path === '/' || c.req.path === '/index.html' || (wantsHtml && !path.extname(c.req.path));
    if (!isShell) {
      const file = await files(c, notHere);
      if (file) return file;
      // Only navigations get the app shell; a missing /assets/x.js stays a 404.
      return next();
    }
    return c.html(shell, 200, { 'Cache-Control': 'no-cache' });
  };
}
