import type { MiddlewareHandler } from 'hono';
import { AuthorizationError } from '@linkhub/shared/errors/app-error';
import type { AppEnv } from './app-env';
import { isApiKeyToken } from '../identity/api-key-token';
import { isSessionToken } from '../identity/session-token';
import { bearerToken } from './session';

/**
 * Cross-site request refusal for ambient credentials (16.8). A browser attaches the `lh_session`
 * cookie to any request to our host, so an unsafe request (POST, PUT, PATCH, DELETE) is accepted
 * only when the browser says it comes from one of our own origins:
 * - `Origin` present: it must be the request's own origin or one of `allowedOrigins` (the public
 *   sync-server and PWA URLs, the desktop app's `app://linkhub`); `Origin: null` is refused;
 * - no `Origin`: `Sec-Fetch-Site` must be absent, `same-origin` or `none` (typed by the user);
 * - neither header: not a browser (curl, the desktop proxy, a server), so no ambient cookie risk.
 * A request carrying `Authorization: Bearer …` with an API key or a session token is not ambient (the
 * cookie is then ignored): a cross-site page cannot set that header without a CORS preflight we
 * never grant.
 */
export const CSRF_SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
const TRUSTED_FETCH_SITES: ReadonlySet<string> = new Set(['same-origin', 'none']);

export function originOf(url: string): string {
  return new URL(url).origin;
}

export function isSameSiteRequest(input: {
  requestUrl: string;
  origin: string | undefined;
  fetchSite: string | undefined;
  allowedOrigins: ReadonlySet<string>;
}): boolean {
  if (input.origin !== undefined) {
    const origin = input.origin.trim().toLowerCase();
    return origin !== 'null' && (origin === originOf(input.requestUrl) || input.allowedOrigins.has(origin));
  }
  return input.fetchSite === undefined || TRUSTED_FETCH_SITES.has(input.fetchSite.trim().toLowerCase());
}

function carriesOwnCredentials(bearer: string | null): boolean {
  return bearer !== null && (isApiKeyToken(bearer) || isSessionToken(bearer));
}

export function csrfProtection(allowedOrigins: readonly string[]): MiddlewareHandler<AppEnv> {
  const allowed: ReadonlySet<string> = new Set(allowedOrigins.map((o) => o.toLowerCase()));
  return async (c, next) => {
    if (CSRF_SAFE_METHODS.has(c.req.method) || carriesOwnCredentials(bearerToken(c))) return next();
    const sameSite = isSameSiteRequest({
      requestUrl: c.req.url,
      origin: c.req.header('Origin'),
      fetchSite: c.req.header('Sec-Fetch-Site'),
      allowedOrigins: allowed,
    });
    if (!sameSite)
      throw new AuthorizationError('cross_site_request', {
        details: [{ field: 'origin', issue: 'cross_site' }],
      });
    return next();
  };
}
