import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { EDGE_URL_META } from '@linkhub/shared/url/public-address';
import type { AppEnv } from './app-env';
import { EDITOR_FILE_HEADERS, editorShellHeaders } from './editor-headers';

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
function withEdgeUrl(html: string, edgeUrl: string | null): string {
  if (edgeUrl === null) return html;
  const meta = `<meta name="${EDGE_URL_META}" content="${escapeAttribute(edgeUrl)}">`;
  return html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : `${meta}${html}`;
}

/**
 * The shell as the build on disk has it: read again when index.html changes, so a rebuild under a
 * running server (a test run beside `npm start`, a deploy that swaps the files) never serves a page
 * whose hashed assets are gone. While the file is missing mid-rebuild, the last one read stays.
 */
function shellReader(root: string, edgeUrl: string | null): () => Promise<string> {
  const file = path.join(root, 'index.html');
  let last = { mtimeMs: statSync(file).mtimeMs, html: withEdgeUrl(readFileSync(file, 'utf8'), edgeUrl) };
  return async () => {
    try {
      const { mtimeMs } = await stat(file);
      if (mtimeMs !== last.mtimeMs)
        last = { mtimeMs, html: withEdgeUrl(await readFile(file, 'utf8'), edgeUrl) };
    } catch {
      // Being rebuilt: keep serving the last shell.
    }
    return last.html;
  };
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
  const shell = shellReader(root, edgeUrl);
  const shellHeaders = editorShellHeaders(edgeUrl);
  const notHere = async (): Promise<void> => undefined;
  return async (c, next) => {
    if (isApiPath(c.req.path)) return next();
    const wantsHtml = (c.req.header('Accept') ?? '').includes('text/html');
    const isShell =
      c.req.path === '/' || c.req.path === '/index.html' || (wantsHtml && !path.extname(c.req.path));
    if (!isShell) {
      const file = await files(c, notHere);
      if (file) {
        for (const [name, value] of Object.entries(EDITOR_FILE_HEADERS)) file.headers.set(name, value);
        return file;
      }
      // Only navigations get the app shell; a missing /assets/x.js stays a 404.
      return next();
    }
    return c.html(await shell(), 200, shellHeaders);
  };
}
