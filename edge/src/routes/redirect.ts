import { Hono } from 'hono';
import type { RedirectPayload } from '@linkhub/shared/cache/payload';
import { canonicalSlug } from '@linkhub/shared/resolve/host';
import { resolveRedirect, type Resolution } from '@linkhub/shared/resolve/resolve-redirect';
import type { Visit } from '@linkhub/shared/resolve/visit';
import { eventUtm, isoTimeOf, type Capture, type VisitorIdSource, type VisitorIds } from '../capture/capture';
import type { EventLine, EventSubject, EventUtm } from '../capture/event-line';
import { honoRequestView, readRequestFacts, type EdgeBindings, type RequestFacts, type RequestFactsDeps, type RequestView } from '../capture/request-facts';
import type { RedirectSource } from '../lookup/redirect-source';
import type { EdgeMetrics } from '../metrics';
import { requestHost } from '../request-host';
import { genericPageResponse, holdingPageResponse, notFoundPageResponse, redirectResponse, sendViaHono, type EdgeResponse } from './respond';

/**
 * `GET {link host}/{slug}` (spec §4.4.1), a short sequence of named steps:
 * parse host + slug → find the payload (cache, else one PostgreSQL query + write-through, else the
 * last-known copy) → derive the visit in memory → resolve (state, targeting, experiment, split,
 * UTM, QR fallback) → capture without awaiting → respond.
 *
 * The steps know nothing of the HTTP layer: `createRedirectHandler` takes a `RedirectRequest` and
 * answers an `EdgeResponse` (or "this host serves bio pages"). Hono serves it here; the running
 * service also serves it straight from node:http (server/edge-listener.ts), the hot path.
 */
export type RedirectRouteDeps = {
  source: RedirectSource;
  visitorIds: VisitorIdSource;
  facts: RequestFactsDeps;
  capture: Capture;
  metrics: EdgeMetrics;
  now: () => Date;
};

export type RedirectRequest = RequestView & {
  /** The Host header as sent. */
  host: string | undefined;
  /** The path segment, percent-decoded, as sent. */
  slug: string;
};

/** A response, or: this address belongs to a custom domain that serves bio pages (the caller hands it over). */
export type RedirectOutcome = { kind: 'respond'; response: EdgeResponse } | { kind: 'bio' };

export type RedirectHandler = (request: RedirectRequest) => Promise<RedirectOutcome>;

type Env = { Bindings: EdgeBindings };

const NO_IDS: VisitorIds = { visitorHash: '', uaHash: '', durable: false };

function parseTarget(request: RedirectRequest): { host: string; slug: string } | null {
  const host = requestHost(request.host);
  const slug = canonicalSlug(request.slug);
  return host === null || slug === null ? null : { host, slug };
}

function toVisit(facts: RequestFacts, ids: VisitorIds, now: Date): Visit {
  return {
    now,
    visitorHash: ids.visitorHash,
    country: facts.geo.country,
    region: facts.geo.region,
    deviceType: facts.ua.deviceType,
    osFamily: facts.ua.osFamily,
    languages: facts.languages,
    referrerHost: facts.referrerHost,
    query: facts.query,
  };
}

/**
 * What every event of one parsed payload shares (payloads are immutable): its subject, the link's
 * UTMs under their event field names, and what `eventUtm('', ...)` gives for them (the UTMs of every
 * visit without a query string). The same objects for every visit, so the line writer encodes each once.
 */
type PayloadEventParts = { subject: EventSubject; fallbackUtm: Record<string, string>; noQueryUtm: EventUtm };
const partsByPayload = new WeakMap<RedirectPayload, PayloadEventParts>();
function eventPartsOf(payload: RedirectPayload): PayloadEventParts {
  let parts = partsByPayload.get(payload);
  if (!parts) {
    const fallbackUtm = Object.fromEntries(Object.entries(payload.utm).map(([k, v]) => [`utm_${k}`, v]));
    const subject: EventSubject = { event_type: payload.is_qr ? 'scan' : 'click', workspace_id: payload.workspace_id, resource_type: payload.resource_type, resource_id: payload.resource_id, block_id: null };
    parts = { subject, fallbackUtm, noQueryUtm: eventUtm('', fallbackUtm) };
    partsByPayload.set(payload, parts);
  }
  return parts;
}

function toEvent(payload: RedirectPayload, resolution: Resolution, facts: RequestFacts, ids: VisitorIds, now: Date): EventLine | null {
  if (resolution.kind === 'not_found') return null;
  const parts = eventPartsOf(payload);
  return {
    subject: parts.subject,
    occurred_at: isoTimeOf(now),
    visitor_hash: ids.visitorHash,
    geo: facts.geo,
    ua: facts.ua,
    ua_hash: ids.uaHash,
    referrer_host: facts.referrerHost,
    utm: facts.query === '' ? parts.noQueryUtm : eventUtm(facts.query, parts.fallbackUtm),
    variant_id: resolution.kind === 'redirect' ? (resolution.variantId ?? null) : null,
    fallback_stage: resolution.kind === 'redirect' ? (resolution.fallbackStage ?? null) : resolution.fallbackStage,
  };
}

function respond(resolution: Resolution): EdgeResponse {
  switch (resolution.kind) {
    case 'redirect':
      return redirectResponse(resolution.location);
    case 'holding_page':
      return holdingPageResponse(resolution.branding);
    case 'generic_page':
      return genericPageResponse();
    case 'not_found':
      return notFoundPageResponse(resolution.branding, resolution.state);
  }
}

const answer = (response: EdgeResponse): RedirectOutcome => ({ kind: 'respond', response });
const BIO: RedirectOutcome = { kind: 'bio' };

export function createRedirectHandler(deps: RedirectRouteDeps): RedirectHandler {
  return async (request) => {
    const target = parseTarget(request);
    if (target === null) return answer(notFoundPageResponse(null, 'unknown'));

    const found = await deps.source.find(target.host, target.slug);
    if (found.kind === 'unknown') {
      deps.metrics.genericServed += 1;
      return answer(genericPageResponse());
    }
    if (found.domain?.purpose === 'bio') return BIO;
    if (found.kind === 'missing') return answer(notFoundPageResponse(found.branding, 'unknown'));

    const now = deps.now();
    const facts = readRequestFacts(request, deps.facts);
    // The visitor hash seeds splits and experiments and identifies the visitor in the event; without either, skip it.
    const needsIds = deps.capture.enabled || found.payload.destinations.length > 0 || found.payload.experiment !== null;
    const pendingIds = needsIds ? deps.visitorIds(now, found.payload.workspace_id, facts) : NO_IDS;
    const ids = pendingIds instanceof Promise ? await pendingIds : pendingIds;
    const resolution = resolveRedirect(found.payload, toVisit(facts, ids, now));

    const event = deps.capture.enabled ? toEvent(found.payload, resolution, facts, ids, now) : null;
    if (event) deps.capture.emit(event);
    return answer(respond(resolution));
  };
}

/** The handler as a Hono route; `bio` takes the requests of custom domains that serve bio pages. */
export function createRedirectRoutes(handle: RedirectHandler, bio: (request: Request, env: EdgeBindings) => Response | Promise<Response>): Hono<Env> {
  const app = new Hono<Env>();
  app.get('/:slug', async (c) => {
    const outcome = await handle({ ...honoRequestView(c), host: c.req.header('host'), slug: c.req.param('slug') });
    return outcome.kind === 'bio' ? bio(c.req.raw, c.env) : sendViaHono(c, outcome.response);
  });
  return app;
}
