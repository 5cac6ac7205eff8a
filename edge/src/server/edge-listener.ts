import type { IncomingMessage, RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from '@linkhub/shared/logging/logger';
import { requestHost } from '../request-host';
import { genericPageResponse, sendViaNode } from '../routes/respond';
import type { RedirectHandler, RedirectRequest } from '../routes/redirect';

/**
 * The running service's request listener. `GET {link host}/{slug}` — the redirect, nearly all the
 * traffic — is served by the redirect handler straight from node:http; everything else (health, ACME,
 * bio pages, roots, other methods, deeper paths, bio-domain slugs) goes to the Hono app unchanged.
 * Skipping Hono's Request/Response objects on the hot path is worth about a third of its CPU.
 */
export type EdgeListenerDeps = {
  /** The Hono app's fetch. */
  fetch: Parameters<typeof getRequestListener>[0];
  redirect: RedirectHandler;
  bioHost: string;
  logger: Logger;
};

/** One non-empty path segment: what Hono's `/:slug` matches (anything else is Hono's to answer). */
const SLUG_PATH = /^\/[^/]+$/;
/** Single-segment paths the Hono app routes itself on every host. */
const APP_PATHS = new Set(['/healthz']);

function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The redirect request of a hot-path URL, or null when the Hono app should answer it. */
function redirectRequestOf(req: IncomingMessage, bioHost: string): RedirectRequest | null {
  if (req.method !== 'GET') return null;
  const url = req.url ?? '/';
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!SLUG_PATH.test(path) || APP_PATHS.has(path)) return null;
  const host = requestHost(req.headers.host);
  if (host === null || host === bioHost) return null;
  const hash = url.indexOf('#', q);
  return {
    host: req.headers.host,
    slug: decodeSegment(path.slice(1)),
    query: q === -1 ? '' : url.slice(q + 1, hash === -1 ? undefined : hash),
    header: (name) => headerOf(req, name),
    socketAddress: req.socket.remoteAddress,
  };
}

export function createEdgeListener(deps: EdgeListenerDeps): RequestListener {
  const viaHono = getRequestListener(deps.fetch);
  return (req, res) => {
    const request = redirectRequestOf(req, deps.bioHost);
    if (request === null) return void viaHono(req, res);
    deps.redirect(request).then(
      (outcome) => (outcome.kind === 'bio' ? void viaHono(req, res) : sendViaNode(res, outcome.response)),
      // Never a 5xx on the public path: a QR code might be behind any slug (spec §2.3).
      (err: unknown) => {
        deps.logger.error({ err }, 'edge request failed');
        if (!res.headersSent) sendViaNode(res, genericPageResponse());
      },
    );
  };
}
