import { APP_LINK_PATHS, type AppLinkKind } from '@linkhub/shared/url/app-link-paths';

/**
 * Where the links in account e-mails lead (17.7): always the PWA's origin (PUBLIC_PWA_URL; under
 * `npm start` that is the sync-server origin serving the built PWA), never the API port. Paths are
 * ones that origin answers: the PWA's own routes (`/reset-password`, `/invitations/accept`) or the
 * API's one-click GET doors (`/api/auth/…`, proxied by Vite under `npm run dev` and never cached by
 * the service worker), which do their work and redirect to the PWA's `/`. The paths: APP_LINK_PATHS.
 */

export function appBaseUrl(pwaUrl: string): string {
  return pwaUrl.replace(/\/+$/, '');
}

export function appLink(baseUrl: string, kind: AppLinkKind, token: string): string {
  return `${baseUrl}${APP_LINK_PATHS[kind]}?token=${encodeURIComponent(token)}`;
}

/** A page of the app after a one-click door did its work (`/`, `/?email_verified=1`). */
export function appPage(baseUrl: string, pathAndQuery: string): string {
  return `${baseUrl}${pathAndQuery}`;
}
