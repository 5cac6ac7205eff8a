import { Hono, type Context } from 'hono';
import type { AnalyticsEvent } from '@linkhub/shared/analytics/event';
import type { RedirectPayload } from '@linkhub/shared/cache/payload';
import { canonicalSlug } from '@linkhub/shared/resolve/host';
import { resolveRedirect, type Resolution } from '@linkhub/shared/resolve/resolve-redirect';
import type { Visit } from '@linkhub/shared/resolve/visit';
import { eventUtm, type Capture, type VisitorIdSource, type VisitorIds } from '../capture/capture';
import { readRequestFacts, type EdgeBindings, type RequestFacts, type RequestFactsDeps } from '../capture/request-facts';
import type { RedirectSource } from '../lookup/redirect-source';
import type { EdgeMetrics } from '../metrics';
import { requestHost } from '../request-host';
import { genericPage, holdingPage, notFoundPage, redirectTo } from './respond';

/**
 * `GET {link host}/{slug}` (spec §4.4.1), a short sequence of named steps:
 * parse host + slug → find the payload (cache, else one PostgreSQL query + write-through, else the
 * last-known copy) → derive the visit in memory → resolve (state, targeting, experiment, split,
 * UTM, QR fallback) → capture without awaiting → respond.
 */
export type RedirectRouteDeps = {
  source: RedirectSource;
  visitorIds: VisitorIdSource;
  facts: RequestFactsDeps;
  capture: Capture;
  metrics: EdgeMetrics;
  now: () => Date;
  /** Custom domains that serve bio pages hand the request to the bio routes. */
  bio: (request: Request, env: EdgeBindings) => Response | Promise<Response>;
};

type Env = { Bindings: EdgeBindings };

const NO_IDS: VisitorIds = { visitorHash: '', uaHash: '', durable: false };

function parseTarget(c: Context<Env>): { host: string; slug: string } | null {
  const host = requestHost(c.req.header('host'));
  const slug = canonicalSlug(c.req.param('slug') ?? '');
  return host === null || slug === null ? null : { host, slug };
}

function toVisit(facts: RequestFacts, ids: VisitorIds, now: Date): Visit {
  return {
    now,
    visitorHash: ids.visitorHash,
    country: facts.country,
    region: facts.region,
    deviceType: facts.ua.deviceType,
    osFamily: facts.ua.osFamily,
    languages: facts.languages,
    referrerHost: facts.referrerHost,
    query: facts.query,
  };
}

function toEvent(payload: RedirectPayload, resolution: Resolution, facts: RequestFacts, ids: VisitorIds, now: Date): AnalyticsEvent | null {
  if (resolution.kind === 'not_found') return null;
  const utm = Object.fromEntries(Object.entries(payload.utm).map(([k, v]) => [`utm_${k}`, v]));
  return {
    event_type: payload.is_qr ? 'scan' : 'click',
    workspace_id: payload.workspace_id,
    resource_type: payload.resource_type,
    resource_id: payload.resource_id,
    block_id: null,
    occurred_at: now.toISOString(),
    visitor_hash: ids.visitorHash,
    country_code: facts.country,
    region_code: facts.region,
    device_type: facts.ua.deviceType,
    os_family: facts.ua.osFamily,
    browser_family: facts.ua.browserFamily,
    ua_hash: ids.uaHash,
    referrer_host: facts.referrerHost,
    ...eventUtm(facts.query, utm),
    variant_id: resolution.kind === 'redirect' ? (resolution.variantId ?? null) : null,
    fallback_stage: resolution.kind === 'redirect' ? (resolution.fallbackStage ?? null) : resolution.fallbackStage,
    is_bot: facts.ua.isBot,
  };
}

function respond(c: Context<Env>, resolution: Resolution): Response {
  switch (resolution.kind) {
    case 'redirect':
      return redirectTo(c, resolution.location);
    case 'holding_page':
      return holdingPage(c, resolution.branding);
    case 'generic_page':
      return genericPage(c);
    case 'not_found':
      return notFoundPage(c, resolution.branding, resolution.state);
  }
}

export function createRedirectRoutes(deps: RedirectRouteDeps): Hono<Env> {
  const app = new Hono<Env>();

  app.get('/:slug', async (c) => {
    const target = parseTarget(c);
    if (target === null) return notFoundPage(c, null, 'unknown');

    const found = await deps.source.find(target.host, target.slug);
    if (found.kind === 'unknown') {
      deps.metrics.genericServed += 1;
      return genericPage(c);
    }
    if (found.domain?.purpose === 'bio') return deps.bio(c.req.raw, c.env);
    if (found.kind === 'missing') return notFoundPage(c, found.branding, 'unknown');

    const now = deps.now();
    const facts = readRequestFacts(c, deps.facts);
    // The visitor hash seeds splits and experiments and identifies the visitor in the event; without either, skip it.
    const needsIds = deps.capture.enabled || found.payload.destinations.length > 0 || found.payload.experiment !== null;
    const ids = needsIds ? await deps.visitorIds(now, found.payload.workspace_id, facts) : NO_IDS;
    const resolution = resolveRedirect(found.payload, toVisit(facts, ids, now));

    const event = deps.capture.enabled ? toEvent(found.payload, resolution, facts, ids, now) : null;
    if (event) deps.capture.emit(event);
    return respond(c, resolution);
  });

  return app;
}
