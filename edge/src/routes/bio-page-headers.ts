import { randomBytes } from 'node:crypto';
import { EMBED_FRAME_ORIGINS } from '@linkhub/shared/blocks/embeds';

/** A fresh CSP nonce per response: 128 random bits, base64. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The bio page's Content-Security-Policy: nothing but the nonce'd inline style and script,
 * images over https (and same-origin assets), fonts from this origin, forms only to this origin, never framed. Pages
 * with an embed may also frame the embed providers, once a visitor clicks a facade; every page may
 * fetch this origin (the sign-up form's in-place POST; `options.capture` no longer changes the policy).
 */
export function bioPageCsp(nonce: string, options: { embeds: boolean; capture?: boolean }): string {
  const directives = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' https: data:",
    // The theme's self-hosted font (/_fonts/…, D-581).
    "font-src 'self'",
    `script-src 'nonce-${nonce}'`,
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ];
  if (options.embeds) directives.push(`frame-src ${EMBED_FRAME_ORIGINS.join(' ')}`);
  // This origin only, on every page (not only those with a sign-up form, whose in-place POST needs it):
  // a crawler's check reading the site's own robots.txt from the page is refused otherwise (D-613).
  directives.push("connect-src 'self'");
  return directives.join('; ');
}

/** Public pages: browsers revalidate every time (a publish shows at once); a CDN may keep 60 s, purged on publish. */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=300';
/** The click hop and anything visitor-specific. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export function htmlHeaders(
  nonce: string,
  cacheControl: string,
  options: { embeds: boolean; capture?: boolean } = { embeds: false },
): Record<string, string> {
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': bioPageCsp(nonce, options),
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
}
