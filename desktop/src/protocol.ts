import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Protocol } from 'electron';
import { forwardToSyncServer, isApiPath, type Forward } from './api-proxy';
import { contentSecurityPolicy } from './csp';
import { mimeTypeFor } from './mime';

/** The renderer is served from `app://linkhub/…` (a standard, secure scheme: origin `app://linkhub`). */
export const APP_SCHEME = 'app';
export const APP_HOST = 'linkhub';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

export type Resolution =
  | { kind: 'file'; filePath: string; mime: string; isHtml: boolean }
  | { kind: 'refused'; status: 400 | 403 | 404 | 405; reason: string };

const INDEX = 'index.html';

/** Raw-URL patterns refused before any decoding: traversal, backslashes, NUL, encoded separators. */
const RAW_REFUSED = [/(^|\/)(\.|%2e){1,2}(\/|$)/i, /\\/, /%5c/i, /%00/, /%2f/i, /\0/];

/**
 * Decide which file under `root` answers `rawUrl`, without touching the disk. Pure: the handler
 * below only reads what this returns. Extension-less routes fall back to index.html (SPA routing);
 * a missing asset with an extension is a 404, never HTML.
 */
export function resolveAppRequest(root: string, rawUrl: string, method = 'GET'): Resolution {
  if (method !== 'GET' && method !== 'HEAD') return { kind: 'refused', status: 405, reason: 'method' };
  const rawPath = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(rawUrl)?.[1] ?? '';
  if (RAW_REFUSED.some((pattern) => pattern.test(rawPath)))
    return { kind: 'refused', status: 403, reason: 'traversal' };

  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { kind: 'refused', status: 400, reason: 'url' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST)
    return { kind: 'refused', status: 404, reason: 'origin' };

  const segments = url.pathname.split('/').slice(1);
  if (segments.length > 1 && segments.slice(0, -1).some((s) => s === ''))
    return { kind: 'refused', status: 403, reason: 'absolute' };
  const decoded: string[] = [];
  for (const segment of segments) {
    let part: string;
    try {
      part = decodeURIComponent(segment);
    } catch {
      return { kind: 'refused', status: 400, reason: 'encoding' };
    }
    if (part === '.' || part === '..' || /[/\\\0]/.test(part) || /^[a-z]:/i.test(part)) {
      return { kind: 'refused', status: 403, reason: 'traversal' };
    }
    decoded.push(part);
  }

  const last = decoded.at(-1) ?? '';
  const hasExtension = last.includes('.') && !last.startsWith('.');
  if (last.startsWith('.')) return { kind: 'refused', status: 404, reason: 'hidden' };
  const relative = hasExtension ? decoded.join('/') : INDEX;
  const mime = mimeTypeFor(relative);
  if (mime === undefined) return { kind: 'refused', status: 404, reason: 'type' };

  const base = path.resolve(root);
  const filePath = path.resolve(base, relative);
  if (!filePath.startsWith(base + path.sep)) return { kind: 'refused', status: 403, reason: 'outside' };
  return { kind: 'file', filePath, mime, isHtml: relative.endsWith('.html') };
}

export type AppProtocolOptions = {
  /** The folder holding the PWA build (index.html, assets/…). */
  root: string;
  /** Origin of the sync server: API paths are forwarded there (api-proxy.ts); allowed by the CSP. */
  syncOrigin: string;
  /** How API requests reach the sync server (`net.fetch` in main). */
  forward: Forward;
};

/** The `protocol.handle('app', …)` handler: serves the PWA build with MIME types and a strict CSP. */
export function createAppProtocolHandler(
  options: AppProtocolOptions,
): (request: Request) => Promise<Response> {
  const csp = contentSecurityPolicy(options.syncOrigin);
  return async (request) => {
    const url = URL.canParse(request.url) ? new URL(request.url) : null;
    if (
      url !== null &&
      url.protocol === `${APP_SCHEME}:` &&
      url.host === APP_HOST &&
      isApiPath(url.pathname)
    ) {
      return forwardToSyncServer(request, options.syncOrigin, options.forward);
    }
    const resolution = resolveAppRequest(options.root, request.url, request.method);
    if (resolution.kind === 'refused') return refused(resolution.status);
    const info = await stat(resolution.filePath).catch(() => undefined);
    if (info === undefined || !info.isFile()) return refused(404);
    const body = await readFile(resolution.filePath);
    const headers = new Headers({
      'Content-Type': resolution.mime,
      'Content-Length': String(body.byteLength),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': resolution.isHtml ? 'no-cache' : 'public, max-age=31536000, immutable',
    });
    if (resolution.isHtml) {
      headers.set('Content-Security-Policy', csp);
      headers.set('Referrer-Policy', 'no-referrer');
    }
    return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
  };
}

function refused(status: number): Response {
  return new Response(status === 404 ? 'Not found' : 'Refused', {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  });
}

/** Must run before `app` is ready: makes `app:` a standard, secure scheme with fetch support. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

export function handleAppProtocol(protocol: Pick<Protocol, 'handle'>, options: AppProtocolOptions): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(options));
}
