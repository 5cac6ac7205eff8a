import type { RedirectPayload } from '@linkhub/shared/cache/payload';
import type { Resolution } from '@linkhub/shared/server/resolve/resolve-redirect';
import { isSocialCrawler } from '@linkhub/shared/server/analytics/social-crawlers';
import type { RequestFacts } from '../request/request-facts';
import { renderDeepLinkPage, renderLinkCardPage } from '../pages/link-preview-pages';
import { createNonce, htmlHeaders } from './bio-page-headers';
import { publicOrigin } from './public-origin';
import { NOINDEX, REDIRECT_CACHE_CONTROL, type EdgeResponse } from './respond';

/** What the answer to a link with a card or app links depends on beyond the payload and the visit. */
export type PreviewRequest = { host: string; slug: string; sentHost: string | undefined };

function htmlResponse(body: string, nonce: string): EdgeResponse {
  return {
    status: 200,
    // Per visit (crawler or phone), and an edit shows at once: never cached, never indexed.
    headers: { ...htmlHeaders(nonce, REDIRECT_CACHE_CONTROL), 'X-Robots-Tag': NOINDEX, Vary: 'User-Agent' },
    body,
  };
}

function appUrlFor(payload: RedirectPayload, facts: RequestFacts): string | null {
  const apps = payload.app_urls;
  if (apps === undefined) return null;
  if (facts.ua.osFamily === 'iOS') return apps.ios;
  if (facts.ua.osFamily === 'Android') return apps.android;
  return null;
}

/**
 * A link's card page for a social crawler, or its deep-link page for an iPhone / Android visitor
 * (D-625); null — the usual answer — otherwise. Only a visit the link redirects gets either, so a
 * paused or expired link answers as it always does. The visit is captured once, by the caller,
 * flagged a bot when it is one (the crawler's card fetch) as every visit is.
 */
export function previewAnswer(
  payload: RedirectPayload,
  resolution: Resolution,
  facts: RequestFacts,
  request: PreviewRequest,
): EdgeResponse | null {
  if (resolution.kind !== 'redirect') return null;
  const preview = payload.social_preview;
  if (preview !== undefined && isSocialCrawler(facts.userAgent, facts.ua.isBot)) {
    const origin = publicOrigin(request.host, request.sentHost);
    const image = preview.image_url;
    const nonce = createNonce();
    const body = renderLinkCardPage({
      preview,
      shortUrl: `${origin}/${request.slug}`,
      imageUrl: image === null ? null : image.startsWith('/') ? `${origin}${image}` : image,
      destination: resolution.location,
      nonce,
    });
    return htmlResponse(body, nonce);
  }
  const appUrl = appUrlFor(payload, facts);
  if (appUrl === null) return null;
  const nonce = createNonce();
  let webHost: string;
  try {
    webHost = new URL(resolution.location).hostname;
  } catch {
    return null;
  }
  return htmlResponse(renderDeepLinkPage({ appUrl, webUrl: resolution.location, webHost, nonce }), nonce);
}
