import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from '@linkhub/shared/logging/logger';
import type { EdgeMetrics } from '../metrics';
import { requestHost } from '../request-host';
import { genericPageResponse, sendViaNode, type EdgeResponse } from '../routes/respond';
import type { RedirectHandler, RedirectOutcome, RedirectRequest } from '../routes/redirect';
import { headerSafeResponse, toWebResponse } from './safe-response';

/**
 * The running service's request listener. `GET {link host}/{slug}` — the redirect, nearly all the
 * traffic — is served by the redirect handler straight from node:http; everything else (health, ACME,
 * bio pages, roots, other methods, deeper paths, bio-domain slugs) goes to the Hono app unchanged.
 * Skipping Hono's Request/Response objects on the hot path is worth about a third of its CPU.
 *
 * Every request ends here, contained (DESIGN §11): whatever throws while resolving or writing one
 * answer is counted, logged and answered with that request's fallback (a QR code's page rung, a
 * link's branded page, the generic page when nothing is known), and never reaches the process.
 */
export type EdgeListenerDeps = {
  /** The Hono app's fetch. */
  fetch: Parameters<typeof getRequestListener>[0];
  redirect: RedirectHandler;
  bioHost: string;
  logger: Logger;
  metrics: EdgeMetrics;
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

/** The error without anything of the visitor's (no address, no User-Agent, no query). */
function describe(err: unknown): { name?: string; message: string; code?: string } {
  if (!(err instanceof Error)) return { message: String(err) };
  return { name: err.name, message: err.message, ...('code' in err ? { code: String(err.code) } : {}) };
}

export function createEdgeListener(deps: EdgeListenerDeps): RequestListener {
  function failed(err: unknown, where: string): void {
    deps.metrics.requestFailures += 1;
    deps.logger.error({ err: describe(err), where }, 'edge request failed; answered with its fallback');
  }

  /** Hono's answers pass the same header guard; a throw or an unsendable answer becomes the generic page. */
  const safeFetch: EdgeListenerDeps['fetch'] = async (request, env) => {
    try {
      const answer = await deps.fetch(request, env);
      const response = answer instanceof Response ? headerSafeResponse(answer) : null;
      if (response !== null) return response;
      failed(new Error('response header refused by node:http'), 'hono');
    } catch (err) {
      failed(err, 'hono');
    }
    return toWebResponse(genericPageResponse());
  };
  const viaHono = getRequestListener(safeFetch, {
    errorHandler: (err) => {
      failed(err, 'hono');
      return toWebResponse(genericPageResponse());
    },
  });

  /** Writes `response`, or `fallback()` when node:http refuses it; a response already on its way is cut off. */
  function send(res: ServerResponse, response: EdgeResponse, fallback: () => EdgeResponse): void {
    try {
      sendViaNode(res, response);
      return;
    } catch (err) {
      failed(err, 'write');
    }
    try {
      if (res.headersSent) res.destroy();
      else sendViaNode(res, fallback());
    } catch (err) {
      failed(err, 'write fallback');
      res.destroy();
    }
  }

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const request = redirectRequestOf(req, deps.bioHost);
    if (request === null) return viaHono(req, res);
    let outcome: RedirectOutcome;
    try {
      outcome = await deps.redirect(request);
    } catch (err) {
      // Nothing known about the slug: a QR code might be behind it (spec §2.3), so never an error page.
      failed(err, 'redirect');
      return send(res, genericPageResponse(), genericPageResponse);
    }
    if (outcome.kind === 'bio') return viaHono(req, res);
    send(res, outcome.response, outcome.fallback);
  }

  return (req, res) => {
    serve(req, res).catch((err: unknown) => {
      failed(err, 'listener');
      if (!res.headersSent) send(res, genericPageResponse(), genericPageResponse);
      else res.destroy();
    });
  };
}
