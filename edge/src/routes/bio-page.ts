import { Hono, type Context } from 'hono';
import { blockDestinations } from '@linkhub/shared/blocks/catalog';
import { isNavigableUrl } from '@linkhub/shared/blocks/escape';
import { hasEmailCapture, hopHref, pagePath, renderBioPage } from '@linkhub/shared/blocks/render-page';
import type { PageSnapshot } from '@linkhub/shared/blocks/snapshot';
import { isSubscribeStatus } from '@linkhub/shared/leads/consent';
import { publicMessage } from '@linkhub/shared/page-language/public-messages';
import { pageOrigin } from './page-origin';
import { pageForVisitor } from '@linkhub/shared/experiments/page-variant';
import { CLICK_ID_PARAM } from '@linkhub/shared/server/experiments/click-id';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { canonicalHost } from '@linkhub/shared/resolve/host';
import { normalizeUrl } from '@linkhub/shared/url/normalize-url';
import { bioPathOf, type BioPath } from '../dispatch/dispatch';
import { pathOf } from '../request/request-view';
import { createNonce, htmlHeaders, PRIVATE_CACHE_CONTROL } from './bio-page-headers';
import { createBioNotices } from './bio-page-notices';
import { CONFIRM_PARAM, confirmationOf } from '@linkhub/shared/blocks/sensitive-notice';
import { shownAt } from '@linkhub/shared/blocks/render-page';
import {
  blockShown,
  hopNotice,
  noticeBody,
  pageCacheControl,
  pageNotice,
  withConfirmation,
} from './bio-page-gates';
import type { BioPageDeps } from './bio-page-types';
import { clickIdOf, createBioSubscribe } from './bio-subscribe';

export type {
  BioClick,
  BioPageDeps,
  BioPageView,
  BioSubscription,
  PageSnapshotSource,
} from './bio-page-types';

/**
 * Public bio pages (docs/product-rules.md#bio-pages): `GET /{handle}` renders the published snapshot, `GET
 * /{handle}/l/{blockId}[/{index}]` is the click hop (302 with capture), `POST
 * /{handle}/subscribe` answers the email-capture form. Served by the edge on the bio host and on
 * custom domains (where `GET /` renders the domain's root page when the source has one), for the
 * bio paths dispatch found (dispatch/dispatch.ts).
 */

const HANDLE = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const BLOCK_ID = /^[A-Za-z0-9_-]{1,64}$/;
const INDEX = /^\d{1,3}$/;

/** The bio pages of one host: answers a dispatched bio path (`host` null: no readable host, nothing is found). */
export type BioPages = { serve(c: Context, host: string | null, path: BioPath): Promise<Response> };

export function createBioPages(deps: BioPageDeps): BioPages {
  const log = deps.logger ?? createLogger('edge.bio-page');

  const notices = createBioNotices(log);
  const { notFound, unavailable } = notices;

  /** Fire-and-forget: analytics must never break or slow the page (docs/product-rules.md#permanence). */
  function fire<T>(callback: ((event: T) => void | Promise<void>) | undefined, event: T, what: string): void {
    if (callback === undefined) return;
    try {
      const result = callback(event);
      if (result instanceof Promise)
        result.catch((err: unknown) => log.warn({ err }, `${what} capture failed`));
    } catch (err) {
      log.warn({ err }, `${what} capture failed`);
    }
  }

  /** Step: canonical host + handle → published snapshot (null when missing or invalid). */
  async function lookup(host: string | null, rawHandle: string): Promise<PageSnapshot | null> {
    const handle = rawHandle.toLowerCase();
    if (host === null || !HANDLE.test(handle)) return null;
    return deps.pages.getPublished(host, handle);
  }

  /** The page as this visitor sees it: the published one, or their variant of a running experiment. */
  async function asSeen(
    c: Context,
    page: PageSnapshot,
  ): Promise<{ page: PageSnapshot; variantId: string | null }> {
    if (page.experiment === undefined || deps.visitorHashOf === undefined) return { page, variantId: null };
    let hash: string | null;
    try {
      hash = await deps.visitorHashOf(c, page);
    } catch (err) {
      log.warn({ err }, 'visitor hash failed; page served as published');
      hash = null;
    }
    return hash === null ? { page, variantId: null } : pageForVisitor(page, hash);
  }

  /** The published page, or the answer to give instead (not found, or unavailable when the lookup failed). */
  async function found(
    c: Context,
    host: string | null,
    handle: string,
  ): Promise<{ host: string; page: PageSnapshot } | Response> {
    let page: PageSnapshot | null;
    try {
      page = await lookup(host, handle);
    } catch (err) {
      return unavailable(c, err);
    }
    return host === null || page === null ? notFound(c) : { host, page };
  }

  async function renderPage(
    c: Context,
    host: string,
    published: PageSnapshot,
    canonicalPath: string,
  ): Promise<Response> {
    const { page: seen, variantId } = await asSeen(c, published);
    // D-605/D-606: the blocks of this instant; a page behind a notice shows only the notice until confirmed.
    const now = deps.now?.() ?? Date.now();
    const page = shownAt(seen, now);
    const confirmation = confirmationOf(c.req.query(CONFIRM_PARAM));
    const notice = pageNotice(page, confirmation);
    if (notice !== null) {
      const gate = noticeBody(
        page,
        notice,
        { continueHref: withConfirmation(canonicalPath, 'page') },
        variantId === null ? pageCacheControl(seen, now) : PRIVATE_CACHE_CONTROL,
      );
      return c.body(gate.html, 200, gate.headers);
    }
    const hops = hopHref(page.handle);
    const nonce = createNonce();
    // Back from a sign-up without JavaScript (303 ?subscribe=…&block=…): the block says how it went.
    const status = c.req.query('subscribe');
    const statusBlock = c.req.query('block') ?? null;
    const returning = isSubscribeStatus(status);
    const subscribeMessage = returning
      ? (blockId: string) =>
          statusBlock === null || statusBlock === blockId
            ? publicMessage(page.lang, `subscribe_${status}`)
            : null
      : undefined;
    const clickId = clickIdOf(c.req.query(CLICK_ID_PARAM), deps.clickIdKeys, new Date());
    const html = renderBioPage(page, {
      nonce,
      linkHref:
        confirmation === null ? hops : (blockId, index) => withConfirmation(hops(blockId, index), 'page'),
      assetBase: deps.assetBase,
      subscribeMessage,
      canonicalPath,
      now,
      origin: pageOrigin(host, c.req.url, c.req.header('host')),
      ...(clickId === null || !hasEmailCapture(page) ? {} : { clickId }),
    });
    // A HEAD (link checkers, previews) is not a view, nor is coming back from the sign-up form.
    if (c.req.method === 'GET' && !returning)
      fire(deps.onPageView, { c, host, page, variantId }, 'page view');
    const embeds = page.blocks.some((b) => b.type === 'embed');
    return c.body(
      html,
      200,
      // A variant is one visitor's page: a shared cache must not hand it to the next visitor.
      // So is a page carrying the visitor's click id in its sign-up forms.
      htmlHeaders(
        nonce,
        returning || variantId !== null || clickId !== null
          ? PRIVATE_CACHE_CONTROL
          : pageCacheControl(seen, now),
        {
          embeds,
          capture: hasEmailCapture(page),
        },
      ),
    );
  }

  async function root(c: Context, host: string | null): Promise<Response> {
    if (host === null || deps.pages.getRoot === undefined) return notFound(c);
    let page: PageSnapshot | null;
    try {
      page = await deps.pages.getRoot(host);
    } catch (err) {
      return unavailable(c, err);
    }
    return page === null ? notFound(c) : renderPage(c, host, page, '/');
  }

  async function pageAt(c: Context, host: string | null, handle: string): Promise<Response> {
    const answer = await found(c, host, handle);
    return answer instanceof Response
      ? answer
      : renderPage(c, answer.host, answer.page, pagePath(answer.page.handle));
  }

  async function hop(
    c: Context,
    host: string | null,
    path: Extract<BioPath, { at: 'hop' }>,
  ): Promise<Response> {
    const { blockId, index: rawIndex } = path;
    if (!BLOCK_ID.test(blockId) || (rawIndex !== null && !INDEX.test(rawIndex))) return notFound(c);
    const answer = await found(c, host, path.handle);
    if (answer instanceof Response) return answer;
    const { page, variantId } = await asSeen(c, answer.page);
    const block = page.blocks.find((b) => b.id === blockId);
    const index = rawIndex === null ? 0 : Number(rawIndex);
    const destination = block === undefined ? undefined : blockDestinations(block)[index];
    if (block === undefined || destination === undefined || !isNavigableUrl(destination)) return notFound(c);
    // D-605: a block outside its window is not on the page; D-606: a notice first, then the redirect.
    if (!blockShown(block, deps.now?.() ?? Date.now())) return notFound(c);
    const notice = hopNotice(page, block, confirmationOf(c.req.query(CONFIRM_PARAM)));
    if (notice !== null) {
      const here = hopHref(page.handle)(blockId, rawIndex === null ? undefined : index);
      const gate = noticeBody(
        page,
        notice,
        { continueHref: withConfirmation(here, 'block'), backHref: pagePath(page.handle) },
        PRIVATE_CACHE_CONTROL,
      );
      return c.body(gate.html, 200, gate.headers);
    }
    fire(deps.onClick, { c, host: answer.host, page, variantId, block, index, destination }, 'click');
    // A block saved before the door normalised may hold raw Unicode, which no header can carry.
    return c.body(null, 302, {
      Location: normalizeUrl(destination) ?? destination,
      'Cache-Control': PRIVATE_CACHE_CONTROL,
    });
  }

  const subscribe = createBioSubscribe({
    found,
    notices,
    onSubscribe: deps.onSubscribe,
    clickIdKeys: deps.clickIdKeys,
    log,
  });

  return {
    serve(c, host, path) {
      switch (path.at) {
        case 'root':
          return root(c, host);
        case 'page':
          return pageAt(c, host, path.handle);
        case 'hop':
          return hop(c, host, path);
        case 'subscribe':
          return subscribe(c, host, path.handle);
        case 'none':
          return Promise.resolve(notFound(c));
      }
    },
  };
}

/** The bio pages as a Hono app of their own, for a server that serves nothing else (the edge calls `createBioPages` with its dispatch). */
export function createBioPageRoutes(deps: BioPageDeps): Hono {
  const pages = createBioPages(deps);
  const hostOf =
    deps.hostOf ?? ((c: Context) => canonicalHost(c.req.header('host') ?? new URL(c.req.url).host));
  const app = new Hono();
  app.all('*', (c) => pages.serve(c, hostOf(c), bioPathOf(pathOf(c.req.url), c.req.method)));
  return app;
}
