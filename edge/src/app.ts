import { Hono, type Context } from 'hono';
import type { RedisClient } from '@linkhub/shared/server/redis/client';
import {
  clientIp,
  FORWARDED_FOR_HEADER,
  type TrustedProxies,
} from '@linkhub/shared/server/analytics/client-ip';
import type { GeoLookup } from '@linkhub/shared/server/analytics/geo';
import { createSaltSource, type SaltSource } from '@linkhub/shared/server/analytics/salt';
import { createUaParser } from '@linkhub/shared/server/analytics/ua';
import type { PageSnapshot } from '@linkhub/shared/blocks/snapshot';
import { JobProducer } from '@linkhub/shared/server/jobs/producer';
import { createLogger, type Logger } from '@linkhub/shared/server/logging/logger';
import { attributedUtm } from '@linkhub/shared/resolve/utm';
import { createCapture, createVisitorIds, isoTimeOf, type Capture } from './capture/capture';
import {
  bioPageOf,
  dispatch,
  type BioPath,
  type EdgeHosts,
  type EdgeRoute,
  type RedirectRoute,
} from './dispatch/dispatch';
import type { HotCache } from './lookup/hot-cache';
import { createLeadCapture } from './leads/lead-capture';
import { createLastKnown } from './lookup/last-known';
import { createPageSource } from './lookup/page-source';
import type { PgLookup } from './lookup/pg-lookup';
import { createRedirectSource } from './lookup/redirect-source';
import type { SlugFilter } from './lookup/slug-filter';
import { createMetrics, type EdgeMetrics } from './metrics';
import { readRequestFacts, type RequestFactsDeps } from './request/request-facts';
import { honoRequestView, type EdgeBindings, type RequestView } from './request/request-view';
import { createAcmeChallenge } from './routes/acme';
import { createFontFiles } from './routes/fonts';
import { createBioPages, type PageSnapshotSource } from './routes/bio-page';
import { compressHtml } from './routes/compress-html';
import { createHealthCheck } from './routes/healthz';
import { createPhotoRoute } from './routes/photo';
import { createCrawlingFiles } from './routes/crawling';
import type { PhotoFiles } from './photo-files';
import { createRedirectHandler, type RedirectHandler } from './routes/redirect';
import { devClickIdKeyring, type ClickIdKeyring } from '@linkhub/shared/experiments/click-id-keys';
import { domainRootPage, genericPage, notFoundPage, sendViaHono } from './routes/respond';
import { createCustomDomainRoute } from './lookup/domain-branding';
import { createLinkAccess } from './access/link-access';
import { createLinkAccessRoutes } from './routes/link-access';
import { redirectResponse } from './routes/respond';
import { newRequestId } from '@linkhub/shared/server/logging/request-id';

/** Everything the edge needs, built by main.ts from the environment (tests build it themselves). */
export type EdgeDeps = {
  redis: RedisClient;
  /**
   * The queue role (QUEUE_REDIS_URL, never evicts; default: `redis`): capture's fire-and-forget XADDs
   * (a second connection keeps them out of the reads' pipeline), sign-up jobs and rate limits, the
   * daily salts, ACME tokens, and the health check's eviction-policy check. `redis` is the cache role.
   */
  captureRedis?: RedisClient;
  /** Prefix of every Redis key (`''` in production; `testRedisPrefix()` in tests). */
  redisPrefix: string;
  pg: PgLookup;
  /** In-process copy of the redirect keys kept coherent by Redis client-side caching (absent: every hit reads Redis). */
  hotCache?: HotCache;
  /** Slugs that cannot exist answer the branded 404 without a query (kept current through `hotCache`). */
  slugFilter?: SlugFilter;
  /** Canonical system hosts (docs/product-rules.md#running): short links + QR codes, and bio pages. */
  linkHost: string;
  bioHost: string;
  trustedProxies: TrustedProxies;
  geo: GeoLookup;
  /** Analytics capture on the stream (off only for the capture-cost benchmark). */
  capture: boolean;
  logger?: Logger;
  metrics?: EdgeMetrics;
  now?: () => Date;
  /** Payloads kept in process for when Redis and PostgreSQL are both down. */
  lastKnownCapacity?: number;
  /** Overrides the Redis + PostgreSQL page source (tests). */
  pages?: PageSnapshotSource;
  /** The job producer sign-ups are enqueued with (default: one on `redis`, closed by the owner through `EdgeService.jobs`). */
  jobs?: JobProducer;
  /** Sign-ups per network per window (default: 5 per 10 minutes). */
  signupLimit?: { max: number; windowSeconds: number };
  /** Sign-ups per page per window, all networks together (default: 300 per 10 minutes). */
  pageSignupLimit?: { max: number; windowSeconds: number };
  /** THROTTLE_IPV6_PREFIX: the IPv6 prefix a throttled network is (default 64, D-485). */
  ipv6ThrottlePrefix?: number;
  /** Signs the A/B test click ids redirects append and checks the ones bio pages carry (D-491; default: the dev key). */
  clickIdKeys?: ClickIdKeyring;
  /** The artifact store uploaded photos' variants are read from (`/_img/…`, D-585); absent: they answer 404. */
  photos?: PhotoFiles;
  /** Password tries per network per link, and per link from every network (D-615; defaults 10 and 100 per 10 minutes). */
  passwordLimits?: {
    network?: { max: number; windowSeconds: number };
    link?: { max: number; windowSeconds: number };
  };
};

type Env = { Bindings: EdgeBindings };

/** The edge app plus what its owner needs at shutdown. */
export type EdgeService = {
  app: Hono<Env>;
  /** What dispatch tells the hosts apart by (the node:http listener dispatches with them too). */
  hosts: EdgeHosts;
  /** The redirect algorithm without an HTTP layer (the node:http hot path serves it directly). */
  redirect: RedirectHandler;
  capture: Capture;
  metrics: EdgeMetrics;
  /** The sign-ups' job producer (close it at shutdown). */
  jobs: JobProducer;
};

export function createEdgeApp(deps: EdgeDeps): Hono<Env> {
  return createEdgeService(deps).app;
}

export function createEdgeService(deps: EdgeDeps): EdgeService {
  const logger = deps.logger ?? createLogger('edge');
  const metrics = deps.metrics ?? createMetrics();
  const now = deps.now ?? (() => new Date());
  const queueRedis = deps.captureRedis ?? deps.redis;
  const salts: SaltSource = createSaltSource(queueRedis, deps.redisPrefix);
  const visitorIds = createVisitorIds(salts);
  const facts: RequestFactsDeps = {
    trustedProxies: deps.trustedProxies,
    geo: deps.geo,
    parseUa: createUaParser(),
  };
  const capture = createCapture(queueRedis, deps.redisPrefix, metrics, deps.capture);
  const source = createRedirectSource({
    redis: deps.redis,
    prefix: deps.redisPrefix,
    pg: deps.pg,
    hot: deps.hotCache,
    filter: deps.slugFilter,
    lastKnown: createLastKnown(deps.lastKnownCapacity),
    metrics,
    logger,
    now,
  });
  const pages =
    deps.pages ??
    createPageSource({ redis: deps.redis, prefix: deps.redisPrefix, pg: deps.pg, metrics, logger });

  /** Page views and bio link clicks, captured like redirects (never awaited by the bio routes). */
  async function captureBio(
    c: Context,
    page: PageSnapshot,
    type: 'page_view' | 'click',
    blockId: string | null,
    variantId: string | null,
  ): Promise<void> {
    if (!capture.enabled) return;
    const at = now();
    const request = readRequestFacts(honoRequestView(c), facts);
    const ids = await visitorIds(at, page.workspace_id, request);
    capture.emit({
      subject: {
        event_type: type,
        workspace_id: page.workspace_id,
        resource_type: 'bio_page',
        resource_id: page.id,
        block_id: blockId,
      },
      occurred_at: isoTimeOf(at),
      visitor_hash: ids.visitorHash,
      geo: request.geo,
      ua: request.ua,
      ua_hash: ids.uaHash,
      referrer_host: request.referrerHost,
      utm: attributedUtm({}, request.query),
      variant_id: variantId,
      fallback_stage: null,
      language: request.language,
    });
  }

  // Sign-ups: a rate limit and a job; the worker writes the lead (the edge never writes PostgreSQL).
  const jobs = deps.jobs ?? new JobProducer(queueRedis, deps.redisPrefix);
  const leads = createLeadCapture({
    redis: queueRedis,
    prefix: deps.redisPrefix,
    jobs,
    salts,
    now,
    limit: deps.signupLimit,
    pageLimit: deps.pageSignupLimit,
    ipv6PrefixBits: deps.ipv6ThrottlePrefix,
  });

  const hosts: EdgeHosts = { linkHost: deps.linkHost, bioHost: deps.bioHost };
  const clickIdKeys = deps.clickIdKeys ?? devClickIdKeyring();
  const bio = createBioPages({
    pages,
    logger,
    clickIdKeys,
    now: () => now().getTime(),
    onPageView: ({ c, page, variantId }) => captureBio(c, page, 'page_view', null, variantId),
    onClick: ({ c, page, block, variantId }) => captureBio(c, page, 'click', block.id, variantId),
    visitorHashOf: async (c, page) => {
      const ids = await visitorIds(now(), page.workspace_id, readRequestFacts(honoRequestView(c), facts));
      return ids.visitorHash;
    },
    onSubscribe: ({ c, page, block, email, clickId }) => {
      const view = honoRequestView(c);
      const ip = clientIp(view.socketAddress, view.header(FORWARDED_FOR_HEADER), deps.trustedProxies) ?? '';
      const requestId = newRequestId();
      c.header('X-Request-Id', requestId);
      return leads({ page, block, email, ip, requestId, clickId });
    },
  });
  const access = createLinkAccess({
    redis: queueRedis,
    prefix: deps.redisPrefix,
    salts,
    ipv6PrefixBits: deps.ipv6ThrottlePrefix,
    networkLimit: deps.passwordLimits?.network,
    linkLimit: deps.passwordLimits?.link,
  });
  const redirect = createRedirectHandler({
    source,
    visitorIds,
    facts,
    capture,
    metrics,
    logger,
    now,
    clickIdKeys,
    access,
  });
  const linkAccess = createLinkAccessRoutes({
    source,
    access,
    redirect,
    trustedProxies: deps.trustedProxies,
    now,
    logger,
  });
  const health = createHealthCheck({
    redis: deps.redis,
    queueRedis,
    redisPrefix: deps.redisPrefix,
    pg: deps.pg,
  });
  const acme = createAcmeChallenge({ redis: queueRedis, prefix: deps.redisPrefix });
  const fonts = createFontFiles();
  const photo = createPhotoRoute(deps.photos);
  const crawling = createCrawlingFiles({
    pg: deps.pg,
    hosts: { linkHost: deps.linkHost, bioHost: deps.bioHost },
    logger,
  });

  const domainRouteOf = createCustomDomainRoute({ redis: deps.redis, prefix: deps.redisPrefix, pg: deps.pg });

  /**
   * Bio paths; on a custom domain, what has no bio page answers in its workspace's look:
   * the root a branded page about the domain, anything else the branded 404. A domain's own answers
   * (D-617) come first at its root (a redirect instead of a page) and last for a path it does not hold.
   */
  async function serveBio(c: Context, host: string | null, path: BioPath): Promise<Response> {
    const custom = host !== null && host !== hosts.bioHost;
    const rootRedirect =
      custom && path.at === 'root' ? (await domainRouteOf(host))?.root_redirect_url : undefined;
    if (rootRedirect !== undefined) return sendViaHono(c, redirectResponse(rootRedirect));
    const response = await bio.serve(c, host, path);
    if (response.status !== 404 || host === null || !custom) return response;
    const route = await domainRouteOf(host);
    if (route === null || route.branding === null) return response;
    if (path.at !== 'root' && route.not_found_url !== undefined)
      return sendViaHono(c, redirectResponse(route.not_found_url));
    return path.at === 'root'
      ? domainRootPage(c, route.branding, host)
      : notFoundPage(c, route.branding, 'unknown');
  }

  async function serveRedirect(c: Context, route: RedirectRoute, view: RequestView): Promise<Response> {
    const outcome = await redirect(route, view);
    if (outcome.kind === 'respond') return sendViaHono(c, outcome.response);
    const page = bioPageOf(route);
    return serveBio(c, page.host, page.path);
  }

  function serve(c: Context, route: EdgeRoute, view: RequestView): Response | Promise<Response> {
    switch (route.kind) {
      case 'health':
        return health(c);
      case 'acme':
        return acme(c, route.token);
      case 'font':
        return fonts(c, route.file);
      case 'photo':
        return photo(c, route.file);
      case 'redirect':
        return serveRedirect(c, route, view);
      case 'bio':
        return serveBio(c, route.host, route.path);
      case 'crawling':
        return crawling(c, route.file, route.host);
      case 'unlock':
        return linkAccess.unlock(c, route, view);
      case 'preview':
        return linkAccess.preview(c, route, view);
      case 'not_found':
        return notFoundPage(c, null, 'unknown');
    }
  }

  const app = new Hono<Env>();
  app.all('*', async (c) => {
    const view = honoRequestView(c);
    // Pages go out compressed when the browser asks (D-603).
    return compressHtml(
      { method: c.req.method, acceptEncoding: c.req.header('accept-encoding') },
      await serve(c, dispatch(view, hosts), view),
    );
  });
  // Never a 5xx on the public path: a QR code might be behind any slug (docs/product-rules.md#permanence).
  app.onError((err, c) => {
    logger.error({ err }, 'edge request failed');
    return genericPage(c);
  });
  return { app, hosts, redirect, capture, metrics, jobs };
}
