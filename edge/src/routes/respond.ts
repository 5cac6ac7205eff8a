import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { Branding } from '@linkhub/shared/cache/payload';
import type { LinkState } from '@linkhub/shared/resolve/state';
import {
  renderDomainRootPage,
  renderGenericPage,
  renderHoldingPage,
  renderNotFoundPage,
  renderUnavailablePage,
} from '../pages/fallback-pages';
import { createNonce, htmlHeaders } from './bio-page-headers';

/** Redirects are never cached by a CDN or browser: editing a destination takes effect at once. */
export const REDIRECT_CACHE_CONTROL = 'private, no-store';
/** QR rungs 3 and 4 (docs/product-rules.md#qr-fallback-chain). */
export const FALLBACK_PAGE_CACHE_CONTROL = 'public, max-age=60';

/** A public-path answer, independent of the HTTP layer that sends it (Hono, or node:http on the hot path). */
export type EdgeResponse = {
  /** 403 and 429: a link's password page after a wrong or throttled try (D-615). */
  status: 200 | 302 | 403 | 404 | 429 | 503;
  headers: Record<string, string>;
  body: string | null;
};

/** A short link's answers are never indexed as pages of their own (D-629). */
export const NOINDEX = 'noindex';

export function redirectResponse(location: string): EdgeResponse {
  return {
    status: 302,
    headers: { Location: location, 'Cache-Control': REDIRECT_CACHE_CONTROL, 'X-Robots-Tag': NOINDEX },
    body: null,
  };
}

export function holdingPageResponse(branding: Branding): EdgeResponse {
  const nonce = createNonce();
  return {
    status: 200,
    headers: htmlHeaders(nonce, FALLBACK_PAGE_CACHE_CONTROL),
    body: renderHoldingPage(branding, nonce),
  };
}

export function genericPageResponse(): EdgeResponse {
  const nonce = createNonce();
  return {
    status: 200,
    headers: htmlHeaders(nonce, FALLBACK_PAGE_CACHE_CONTROL),
    body: renderGenericPage(nonce),
  };
}

export function notFoundPageResponse(branding: Branding | null, state: LinkState | 'unknown'): EdgeResponse {
  const nonce = createNonce();
  return {
    status: 404,
    headers: htmlHeaders(nonce, REDIRECT_CACHE_CONTROL),
    body: renderNotFoundPage(branding, state, nonce),
  };
}

/** A plain link whose answer failed (never a QR code: those fall to their page rungs). */
export function unavailablePageResponse(branding: Branding | null): EdgeResponse {
  const nonce = createNonce();
  return {
    status: 503,
    headers: { ...htmlHeaders(nonce, REDIRECT_CACHE_CONTROL), 'Retry-After': '60' },
    body: renderUnavailablePage(branding, nonce),
  };
}

export function sendViaHono(c: Context, response: EdgeResponse): Response {
  return response.body === null
    ? c.body(null, response.status, response.headers)
    : c.body(response.body, response.status, response.headers);
}

/** Throws what node:http throws (ERR_INVALID_CHAR for a header it refuses): callers contain it (server/edge-listener.ts). */
export function sendViaNode(res: ServerResponse, response: EdgeResponse): void {
  res.writeHead(response.status, response.headers);
  res.end(response.body ?? undefined);
}

export function genericPage(c: Context): Response {
  return sendViaHono(c, genericPageResponse());
}

/** A custom domain's root without a bio page: its workspace's branded page. */
export function domainRootPage(c: Context, branding: Branding, host: string): Response {
  const nonce = createNonce();
  return c.body(
    renderDomainRootPage(branding, host, nonce),
    200,
    htmlHeaders(nonce, FALLBACK_PAGE_CACHE_CONTROL),
  );
}

export function notFoundPage(c: Context, branding: Branding | null, state: LinkState | 'unknown'): Response {
  return sendViaHono(c, notFoundPageResponse(branding, state));
}
