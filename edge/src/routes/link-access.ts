import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  clientIp,
  FORWARDED_FOR_HEADER,
  type TrustedProxies,
} from '@linkhub/shared/server/analytics/client-ip';
import { evaluateState } from '@linkhub/shared/resolve/state';
import { publicAddress } from '@linkhub/shared/url/public-address';
import type { Logger } from '@linkhub/shared/server/logging/logger';
import type { LinkAccess } from '../access/link-access';
import type { EdgeRoute } from '../dispatch/dispatch';
import type { RedirectSource } from '../lookup/redirect-source';
import { ownPath, renderPreviewPage } from '../pages/link-access-pages';
import type { RequestView } from '../request/request-view';
import { createNonce, htmlHeaders, PRIVATE_CACHE_CONTROL } from './bio-page-headers';
import type { RedirectHandler } from './redirect';
import { genericPageResponse, notFoundPageResponse, sendViaHono, unavailablePageResponse } from './respond';

/** A password is at most 128 characters: a form of a few kilobytes is plenty. */
const UNLOCK_BODY_LIMIT = 4 * 1024;

type UnlockRoute = Extract<EdgeRoute, { kind: 'unlock' }>;
type PreviewRoute = Extract<EdgeRoute, { kind: 'preview' }>;

export type LinkAccessRouteDeps = {
  source: RedirectSource;
  access: LinkAccess;
  redirect: RedirectHandler;
  trustedProxies: TrustedProxies;
  now: () => Date;
  logger: Logger;
};

/**
 * `POST /{slug}` (the password page's form, D-615) and `GET /{slug}+` (the preview, D-618). Neither
 * sets a cookie: a right password answers the redirect itself, so nothing of it outlives the request.
 */
export function createLinkAccessRoutes(deps: LinkAccessRouteDeps): {
  unlock: (c: Context, route: UnlockRoute, view: RequestView) => Promise<Response>;
  preview: (c: Context, route: PreviewRoute, view: RequestView) => Promise<Response>;
} {
  async function unlockNow(c: Context, route: UnlockRoute, view: RequestView): Promise<Response> {
    // Anything but a live password link: the address as a GET answers it (its page, its redirect, its 404).
    const back = (): Response =>
      c.body(null, 303, {
        Location: ownPath(route.slug, view.query),
        'Cache-Control': PRIVATE_CACHE_CONTROL,
      });
    const found = await deps.source.find(route.host, route.slug);
    if (found.kind !== 'payload') return back();
    const { payload } = found;
    const now = deps.now();
    if (
      payload.is_qr ||
      payload.access?.password_hash === undefined ||
      evaluateState(payload, now) !== 'active'
    )
      return back();
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const password = typeof form.password === 'string' ? form.password : '';
    const ip = clientIp(view.socketAddress, view.header(FORWARDED_FOR_HEADER), deps.trustedProxies) ?? '';
    let verdict;
    try {
      verdict = await deps.access.tryPassword(payload, ip, password, now);
    } catch (err) {
      deps.logger.warn({ err }, 'link password check unavailable');
      return sendViaHono(c, { ...unavailablePageResponse(payload.branding) });
    }
    if (verdict.kind === 'throttled') {
      const page = deps.access.passwordPage(payload, view.query, 'throttled', 429);
      return sendViaHono(c, {
        ...page,
        headers: { ...page.headers, 'Retry-After': String(verdict.retryAfter) },
      });
    }
    if (verdict.kind === 'wrong')
      return sendViaHono(c, deps.access.passwordPage(payload, view.query, 'wrong', 403));
    // The visit counts from here (its cap, its analytics event), exactly as an open link's GET.
    const outcome = await deps.redirect({ kind: 'redirect', host: route.host, slug: route.slug }, view, {
      unlocked: true,
    });
    return outcome.kind === 'respond' ? sendViaHono(c, outcome.response) : back();
  }

  const limitBody = bodyLimit({
    maxSize: UNLOCK_BODY_LIMIT,
    onError: (c) => c.body('Password form too large.', 413, { 'Cache-Control': PRIVATE_CACHE_CONTROL }),
  });

  async function unlock(c: Context, route: UnlockRoute, view: RequestView): Promise<Response> {
    let answer: Response | undefined;
    const refused = await limitBody(c, async () => {
      answer = await unlockNow(c, route, view);
    });
    return refused instanceof Response ? refused : (answer ?? sendViaHono(c, genericPageResponse()));
  }

  async function preview(c: Context, route: PreviewRoute, view: RequestView): Promise<Response> {
    const found = await deps.source.find(route.host, route.slug);
    if (found.kind === 'unknown') return sendViaHono(c, genericPageResponse());
    if (found.kind === 'missing') return sendViaHono(c, notFoundPageResponse(found.branding, 'unknown'));
    const { payload } = found;
    const live = evaluateState(payload, deps.now()) === 'active';
    const local = route.host === 'localhost' || route.host.endsWith('.localhost');
    const shortUrl = publicAddress(
      route.host,
      encodeURIComponent(route.slug),
      local && view.host !== undefined ? `http://${view.host}` : null,
    );
    const protectedByPassword = !payload.is_qr && payload.access?.password_hash !== undefined;
    const nonce = createNonce();
    const body = renderPreviewPage(
      {
        branding: payload.branding,
        shortUrl,
        host: route.host,
        slug: route.slug,
        destination: live && payload.hosted === undefined ? payload.destination_url : null,
        protectedByPassword,
        varies: payload.rules.length > 0 || payload.destinations.length > 0 || payload.experiment !== null,
      },
      nonce,
    );
    return c.body(body, 200, htmlHeaders(nonce, PRIVATE_CACHE_CONTROL));
  }

  return { unlock, preview };
}
