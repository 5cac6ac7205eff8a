import { BoundedMemo } from '@linkhub/shared/cache/bounded-memo';
import type { RedirectPayload } from '@linkhub/shared/cache/payload';
import { resolveRedirect, type Resolution } from '@linkhub/shared/server/resolve/resolve-redirect';
import type { ClickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import { isRedirectableUrl } from '@linkhub/shared/resolve/safe-url';
import { attributedUtm, NO_UTM, utmOfLocation } from '@linkhub/shared/resolve/utm';
import { isPrintableAscii } from '@linkhub/shared/url/normalize-url';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { Visit } from '@linkhub/shared/resolve/visit';
import { isoTimeOf, type Capture, type VisitorIdSource, type VisitorIds } from '../capture/capture';
import type { EventLine, EventSubject, EventUtm } from '../capture/event-line';
import type { RedirectRoute } from '../dispatch/dispatch';
import type { Found, RedirectSource } from '../lookup/redirect-source';
import type { EdgeMetrics } from '../metrics';
import {
  readRequestFacts,
  type FactsSource,
  type RequestFacts,
  type RequestFactsDeps,
} from '../request/request-facts';
import {
  genericPageResponse,
  holdingPageResponse,
  notFoundPageResponse,
  redirectResponse,
  unavailablePageResponse,
  type EdgeResponse,
} from './respond';
import { hostedQrAnswer } from './hosted-qr';
import { previewAnswer } from './link-previews';
import type { LinkAccess } from '../access/link-access';

/**
 * `GET {link host}/{slug}` (docs/product-rules.md#the-redirect), a short sequence of named steps:
 * host + slug (as dispatched) → find the payload (cache, else one PostgreSQL query + write-through, else the
 * last-known copy) → derive the visit in memory → resolve (state, targeting, experiment, split,
 * UTM, QR fallback) → capture without awaiting → respond.
 *
 * The steps know nothing of the HTTP layer: `createRedirectHandler` takes the redirect route
 * (dispatch/dispatch.ts) and the request's view, and answers an `EdgeResponse` (or "this host serves
 * bio pages"). The Hono app serves it (app.ts); the running service also serves it straight from
 * node:http (server/edge-listener.ts), the hot path.
 */
export type RedirectRouteDeps = {
  source: RedirectSource;
  visitorIds: VisitorIdSource;
  facts: RequestFactsDeps;
  capture: Capture;
  metrics: EdgeMetrics;
  logger: Logger;
  now: () => Date;
  /** Signs the click id of an experiment that converts on reported conversions (D-491). */
  clickIdKeys: ClickIdKeyring;
  /** Password pages, click caps and ended links' URLs (D-615, D-616); consulted only when a payload needs it. */
  access: LinkAccess;
};

/**
 * A response, or: this address belongs to a custom domain that serves bio pages (the caller hands it over).
 * `fallback` is what to answer instead when `response` cannot be written (ARCHITECTURE.md#rules-that-hold-at-every-door): for a QR code
 * its page rungs, for a link the branded "unavailable" page.
 */
export type RedirectOutcome =
  /** `qr`: a QR code's scan (its metrics route class). */
  { kind: 'respond'; response: EdgeResponse; fallback: () => EdgeResponse; qr?: boolean } | { kind: 'bio' };

/** `unlocked`: the visit's password was just checked (the password page's POST, D-615). */
export type RedirectHandler = (
  route: RedirectRoute,
  request: FactsSource,
  options?: { unlocked?: boolean },
) => Promise<RedirectOutcome>;

const NO_IDS: VisitorIds = { visitorHash: '', uaHash: '', durable: false };

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
 * What every event of one parsed payload shares (payloads are immutable): its subject, and the
 * attribution of a visit without a query string to an answer without a destination. The same objects
 * for every visit, so the line writer encodes each once.
 */
type PayloadEventParts = {
  subject: EventSubject;
  noQueryUtm: EventUtm;
  /** The attribution of a visit without a query string, by its Location (the same few for every such visit). */
  plainLocationUtm: BoundedMemo<string, EventUtm>;
};
const partsByPayload = new WeakMap<RedirectPayload, PayloadEventParts>();
const PLAIN_LOCATIONS_PER_PAYLOAD = 32;
function eventPartsOf(payload: RedirectPayload): PayloadEventParts {
  let parts = partsByPayload.get(payload);
  if (!parts) {
    const subject: EventSubject = {
      event_type: payload.is_qr ? 'scan' : 'click',
      workspace_id: payload.workspace_id,
      resource_type: payload.resource_type,
      resource_id: payload.resource_id,
      block_id: null,
    };
    parts = {
      subject,
      noQueryUtm: attributedUtm(payload.utm, ''),
      plainLocationUtm: new BoundedMemo(PLAIN_LOCATIONS_PER_PAYLOAD),
    };
    partsByPayload.set(payload, parts);
  }
  return parts;
}

/** One UTM rule: a redirect is attributed to the UTMs its Location carries, anything else by the same precedence. */
function utmOf(
  payload: RedirectPayload,
  resolution: Resolution,
  query: string,
  parts: PayloadEventParts,
): EventUtm {
  if (resolution.kind === 'redirect') {
    if (query !== '') return utmOfLocation(resolution.location);
    let utm = parts.plainLocationUtm.get(resolution.location);
    if (utm === undefined) {
      utm = utmOfLocation(resolution.location);
      parts.plainLocationUtm.set(resolution.location, utm);
    }
    return utm;
  }
  if (query === '') return parts.noQueryUtm;
  const utm = attributedUtm(payload.utm, query);
  return utm.utm_source === null &&
    utm.utm_medium === null &&
    utm.utm_campaign === null &&
    utm.utm_term === null &&
    utm.utm_content === null
    ? NO_UTM
    : utm;
}

function toEvent(
  payload: RedirectPayload,
  resolution: Resolution,
  facts: RequestFacts,
  ids: VisitorIds,
  now: Date,
): EventLine | null {
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
    utm: utmOf(payload, resolution, facts.query, parts),
    variant_id: resolution.kind === 'redirect' ? (resolution.variantId ?? null) : null,
    fallback_stage:
      resolution.kind === 'redirect' ? (resolution.fallbackStage ?? null) : resolution.fallbackStage,
    language: facts.language,
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

/** A QR code's page rungs (3, then 4): what it answers when nothing better can be written. */
function qrPageRung(payload: RedirectPayload): EdgeResponse {
  return payload.branding !== null ? holdingPageResponse(payload.branding) : genericPageResponse();
}

/** What a request answers when resolving or writing its answer failed (ARCHITECTURE.md#rules-that-hold-at-every-door). */
function failureFallback(found: Found | null): () => EdgeResponse {
  if (found?.kind === 'payload') {
    const { payload } = found;
    return payload.is_qr ? () => qrPageRung(payload) : () => unavailablePageResponse(payload.branding);
  }
  if (found?.kind === 'missing') return () => notFoundPageResponse(found.branding, 'unknown');
  // Not known to be a link: a QR code might be behind any slug (docs/product-rules.md#permanence), so never an error page.
  return genericPageResponse;
}

/** A failure while resolving a QR code: its last good destination when that can be sent, else its page rungs. */
function qrFailureResponse(payload: RedirectPayload): EdgeResponse {
  const lastGood = payload.last_good_destination;
  return lastGood !== null && isPrintableAscii(lastGood) && isRedirectableUrl(lastGood)
    ? redirectResponse(lastGood)
    : qrPageRung(payload);
}

/** How a hosted page view is recorded: the code's live answer, attributed to no UTM of its own. */
const HOSTED_PAGE: Resolution = { kind: 'redirect', location: '', state: 'active', fallbackStage: 'live' };

const answer = (response: EdgeResponse, fallback: () => EdgeResponse, qr = false): RedirectOutcome => ({
  kind: 'respond',
  response,
  fallback,
  qr,
});
const BIO: RedirectOutcome = { kind: 'bio' };

export function createRedirectHandler(deps: RedirectRouteDeps): RedirectHandler {
  /** Counted and logged without the visitor's address or User-Agent (docs/product-rules.md#privacy). */
  function failed(err: unknown, target: RedirectRoute): void {
    deps.metrics.requestFailures += 1;
    const error =
      err instanceof Error
        ? { name: err.name, message: err.message, code: 'code' in err ? String(err.code) : undefined }
        : { message: String(err) };
    deps.logger.error(
      { err: error, host: target.host, slug: target.slug },
      'edge request failed; answered with its fallback',
    );
  }

  return async (target, request, options) => {
    let found: Found | null = null;
    try {
      found = await deps.source.find(target.host, target.slug);
      if (found.kind === 'unknown') {
        deps.metrics.genericServed += 1;
        return answer(genericPageResponse(), genericPageResponse);
      }
      if (found.domain?.purpose === 'bio') return BIO;
      // A domain serving both: a slug no link or QR code holds may be a bio page's handle.
      if (found.kind === 'missing' && found.domain?.purpose === 'all') return BIO;
      if (found.kind === 'missing') {
        // A domain's not-found URL (D-617); a QR slug never misses, so this never answers for one.
        const elsewhere = found.domain?.not_found_url;
        if (elsewhere !== undefined && isPrintableAscii(elsewhere) && isRedirectableUrl(elsewhere))
          return answer(redirectResponse(elsewhere), failureFallback(found));
        return answer(notFoundPageResponse(found.branding, 'unknown'), failureFallback(found));
      }

      const { payload } = found;
      const now = deps.now();
      // Access controls (D-615, D-616): the password page, or a used-up cap; only payloads that carry them.
      if (payload.access !== undefined) {
        const visit = { unlocked: options?.unlocked === true, query: request.query };
        const gated = await deps.access.gate(payload, found.domain, now, visit);
        if (gated !== null) return answer(gated, failureFallback(found));
      }
      const facts = readRequestFacts(request, deps.facts);
      // The visitor hash seeds splits and experiments and identifies the visitor in the event; without either, skip it.
      const needsIds = deps.capture.enabled || payload.destinations.length > 0 || payload.experiment !== null;
      const pendingIds = needsIds ? deps.visitorIds(now, payload.workspace_id, facts) : NO_IDS;
      const ids = pendingIds instanceof Promise ? await pendingIds : pendingIds;
      const hosted = hostedQrAnswer(payload, facts.query, now);
      if (hosted !== null) {
        // A vCard or event code's page is its live answer: a scan like a redirect (D-570); its file is not.
        const event =
          deps.capture.enabled && hosted.counted ? toEvent(payload, HOSTED_PAGE, facts, ids, now) : null;
        if (event) deps.capture.emit(event);
        return answer(hosted.response, failureFallback(found), true);
      }
      const resolution = resolveRedirect(payload, toVisit(facts, ids, now), deps.clickIdKeys);

      const event = deps.capture.enabled ? toEvent(payload, resolution, facts, ids, now) : null;
      if (event) deps.capture.emit(event);
      // A card for a social crawler, a deep-link page for a phone (D-625): only a link that has one looks.
      const preview =
        payload.social_preview !== undefined || payload.app_urls !== undefined
          ? previewAnswer(payload, resolution, facts, { ...target, sentHost: request.header('host') })
          : null;
      if (preview !== null) return answer(preview, failureFallback(found));
      // An expired link without its own expired_url: its domain's, else its workspace's (D-616); never a QR code's.
      const ended =
        resolution.kind === 'not_found' && resolution.state === 'expired' && !payload.is_qr
          ? deps.access.ended(payload, found.domain)
          : null;
      return answer(ended ?? respond(resolution), failureFallback(found), payload.is_qr);
    } catch (err) {
      failed(err, target);
      if (found?.kind === 'payload' && found.payload.is_qr)
        return answer(qrFailureResponse(found.payload), failureFallback(found), true);
      const fallback = failureFallback(found);
      return answer(fallback(), fallback);
    }
  };
}
