import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import { withHostHeaderGuard } from '@linkhub/shared/server/net/host-header';
import type { RequestTimer } from '@linkhub/shared/metrics/registry';
import type { EdgeMetrics } from '../metrics';
import { routeClassOf, type EdgeRouteClass } from '../prometheus';
import { dispatch, type EdgeHosts } from '../dispatch/dispatch';
import { nodeRequestView } from '../request/request-view';
import { genericPageResponse, sendViaNode, type EdgeResponse } from '../routes/respond';
import type { RedirectHandler, RedirectOutcome } from '../routes/redirect';
import { headerSafeResponse, toWebResponse } from './safe-response';

/**
 * The running service's request listener. What dispatch routes to a redirect (`GET {link host or
 * custom domain}/{slug}`) — nearly all the traffic — is served by the redirect handler straight from
 * node:http; everything else (health, ACME, bio pages, not-found pages, the slugs of custom domains
 * that serve bio pages) goes to the Hono app unchanged, which dispatches it the same way.
 * Skipping Hono's Request/Response objects on the hot path is worth about a third of its CPU.
 *
 * Every request ends here, contained (ARCHITECTURE.md#rules-that-hold-at-every-door): whatever throws while resolving or writing one
 * answer is counted, logged and answered with that request's fallback (a QR code's page rung, a
 * link's branded page, the generic page when nothing is known), and never reaches the process.
 */
export type EdgeListenerDeps = {
  /** The Hono app's fetch. */
  fetch: Parameters<typeof getRequestListener>[0];
  redirect: RedirectHandler;
  hosts: EdgeHosts;
  logger: Logger;
  metrics: EdgeMetrics;
  /** Rate and latency by route class (edge/src/prometheus.ts); absent in tests that do not read them. */
  timeRequest?: RequestTimer<EdgeRouteClass>;
};

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

  const timeRequest = deps.timeRequest ?? (() => undefined);

  /** Served and timed (one clock read and one histogram observe per request, until the answer is written). */
  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const view = nodeRequestView(req);
    const route = dispatch(view, deps.hosts);
    if (route.kind !== 'redirect') {
      await viaHono(req, res);
      return timeRequest(routeClassOf(route), started);
    }
    let outcome: RedirectOutcome;
    try {
      outcome = await deps.redirect(route, view);
    } catch (err) {
      // Nothing known about the slug: a QR code might be behind it (docs/product-rules.md#permanence), so never an error page.
      failed(err, 'redirect');
      send(res, genericPageResponse(), genericPageResponse);
      return timeRequest('redirect', started);
    }
    if (outcome.kind === 'bio') {
      await viaHono(req, res);
      return timeRequest('bio', started);
    }
    send(res, outcome.response, outcome.fallback);
    timeRequest(outcome.qr === true ? 'qr' : 'redirect', started);
  }

  // A missing or repeated Host header is the client's mistake: 400 in the envelope, not a failure.
  return withHostHeaderGuard((req, res) => {
    serve(req, res).catch((err: unknown) => {
      failed(err, 'listener');
      if (!res.headersSent) send(res, genericPageResponse(), genericPageResponse);
      else res.destroy();
    });
  }, deps.logger);
}
