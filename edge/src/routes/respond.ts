import type { Context } from 'hono';
import type { Branding } from '@linkhub/shared/cache/payload';
import type { LinkState } from '@linkhub/shared/resolve/state';
import { renderGenericPage, renderHoldingPage, renderNotFoundPage } from '../pages/fallback-pages';
import { createNonce, htmlHeaders } from './bio-page-headers';

/** Redirects are never cached by a CDN or browser: editing a destination takes effect at once. */
export const REDIRECT_CACHE_CONTROL = 'private, no-store';
/** QR rungs 3 and 4 (spec §4.4.1). */
export const FALLBACK_PAGE_CACHE_CONTROL = 'public, max-age=60';

export function redirectTo(c: Context, location: string): Response {
  return c.body(null, 302, { Location: location, 'Cache-Control': REDIRECT_CACHE_CONTROL });
}

export function holdingPage(c: Context, branding: Branding): Response {
  const nonce = createNonce();
  return c.body(renderHoldingPage(branding, nonce), 200, htmlHeaders(nonce, FALLBACK_PAGE_CACHE_CONTROL));
}

export function genericPage(c: Context): Response {
  const nonce = createNonce();
  return c.body(renderGenericPage(nonce), 200, htmlHeaders(nonce, FALLBACK_PAGE_CACHE_CONTROL));
}

export function notFoundPage(c: Context, branding: Branding | null, state: LinkState | 'unknown'): Response {
  const nonce = createNonce();
  return c.body(renderNotFoundPage(branding, state, nonce), 404, htmlHeaders(nonce, REDIRECT_CACHE_CONTROL));
}
