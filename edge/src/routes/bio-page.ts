import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { blockDestinations } from '@linkhub/shared/blocks/catalog';
import { isNavigableUrl } from '@linkhub/shared/blocks/escape';
import { hasEmailCapture, hopHref, renderBioPage } from '@linkhub/shared/blocks/render-page';
import { renderNoticePage, type NoticePage } from '@linkhub/shared/blocks/render-notice-page';
import type { BlockOf, PageSnapshot, SnapshotBlock } from '@linkhub/shared/blocks/snapshot';
import { isSubscribeStatus, SUBSCRIBE_MESSAGES, type SubscribeStatus } from '@linkhub/shared/leads/consent';
import { pageForVisitor } from '@linkhub/shared/experiments/page-variant';
import type { SubscribeResult } from '../leads/lead-capture';
import { createLogger, type Logger } from '@linkhub/shared/logging/logger';
import { canonicalHost } from '@linkhub/shared/resolve/host';
import { normalizeUrl } from '@linkhub/shared/url/normalize-url';
import { bioPathOf, type BioPath } from '../dispatch/dispatch';
import { pathOf } from '../request/request-view';
import { createNonce, htmlHeaders, PAGE_CACHE_CONTROL, PRIVATE_CACHE_CONTROL } from './bio-page-headers';

/**
 * Public bio pages (DESIGN §6): `GET /{handle}` renders the published snapshot, `GET
 * /{handle}/l/{blockId}[/{index}]` is the click hop (302 with capture), `POST
 * /{handle}/subscribe` answers the email-capture form. Served by the edge on the bio host and on
 * custom domains (where `GET /` renders the domain's root page when the source has one), for the
 * bio paths dispatch found (dispatch/dispatch.ts).
 */

/** Where published snapshots come from; the edge implements it over Redis `page:{host}:{handle}` + PostgreSQL. */
export interface PageSnapshotSource {
  /** The published page with this (lower-case) handle on this canonical host, or null. */
  getPublished(host: string, handle: string): Promise<PageSnapshot | null>;
  /** The published page at a custom domain's root, or null; leave out to not serve `GET /`. */
  getRoot?(host: string): Promise<PageSnapshot | null>;
}

export interface BioPageView {
  c: Context;
  host: string;
  /** The page as this visitor got it (under a running experiment: their variant). */
  page: PageSnapshot;
  /** The experiment variant the visitor got, or null. */
  variantId: string | null;
}

export interface BioClick extends BioPageView {
  block: SnapshotBlock;
  /** Which link of the block (social icons); 0 otherwise. */
  index: number;
  destination: string;
}

export interface BioSubscription extends BioPageView {
  block: BlockOf<'email_capture'>;
  email: string;
}

export interface BioPageDeps {
  pages: PageSnapshotSource;
  /** Called, never awaited, after a page is rendered; failures are logged and swallowed. */
  onPageView?: (view: BioPageView) => void | Promise<void>;
  /** Called, never awaited, before the hop's 302; failures are logged and swallowed. */
  onClick?: (click: BioClick) => void | Promise<void>;
  /** Takes a sign-up (rate limit + enqueue, edge/src/leads); absent: the form says nothing was saved. */
  onSubscribe?: (subscription: BioSubscription) => Promise<SubscribeResult>;
  /** `createBioPageRoutes` only: the canonical host of a request; default: the Host header via `canonicalHost`. */
  hostOf?: (c: Context) => string | null;
  /**
   * The visitor's day-salted hash, asked only for a page running an experiment (the variant is picked
   * from it, so no cookie and nothing stored); absent or null: the page as published.
   */
  visitorHashOf?: (c: Context, page: PageSnapshot) => string | null | Promise<string | null>;
  /** Prefix for asset paths in snapshots (`/assets/…`). */
  assetBase?: string;
  logger?: Logger;
}

const HANDLE = /^[a-z0-9][a-z0-9._-]{0,63}$/;
const BLOCK_ID = /^[A-Za-z0-9_-]{1,64}$/;
const INDEX = /^\d{1,3}$/;
const SUBSCRIBE_BODY_LIMIT = 8 * 1024;
const emailSchema = z.email().max(254);

/** The bio pages of one host: answers a dispatched bio path (`host` null: no readable host, nothing is found). */
export type BioPages = { serve(c: Context, host: string | null, path: BioPath): Promise<Response> };

export function createBioPages(deps: BioPageDeps): BioPages {
  const log = deps.logger ?? createLogger('edge.bio-page');

  function notice(
    c: Context,
    status: 400 | 404 | 429 | 503 | 200,
    page: Omit<NoticePage, 'nonce'>,
    headers: Record<string, string> = {},
  ): Response {
    const nonce = createNonce();
    return c.body(renderNoticePage({ ...page, nonce }), status, {
      ...htmlHeaders(nonce, PRIVATE_CACHE_CONTROL),
      ...headers,
    });
  }

  function notFound(c: Context): Response {
    return notice(c, 404, {
      title: 'Page not found',
      message:
        'There is no published page at this address. Check the link for a typo, or ask its owner for a new one.',
    });
  }

  function unavailable(c: Context, err: unknown): Response {
    log.error({ err }, 'bio page lookup failed');
    return notice(c, 503, {
      title: 'Temporarily unavailable',
      message: 'This page could not be loaded just now. Please try again in a moment.',
    });
  }

  /** Fire-and-forget: analytics must never break or slow the page (spec §2.3.3). */
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

  async function renderPage(c: Context, host: string, published: PageSnapshot): Promise<Response> {
    const { page, variantId } = await asSeen(c, published);
    const nonce = createNonce();
    // Back from a sign-up without JavaScript (303 ?subscribe=…&block=…): the block says how it went.
    const status = c.req.query('subscribe');
    const statusBlock = c.req.query('block') ?? null;
    const returning = isSubscribeStatus(status);
    const subscribeMessage = returning
      ? (blockId: string) =>
          statusBlock === null || statusBlock === blockId ? SUBSCRIBE_MESSAGES[status] : null
      : undefined;
    const html = renderBioPage(page, {
      nonce,
      linkHref: hopHref(page.handle),
      assetBase: deps.assetBase,
      subscribeMessage,
    });
    // A HEAD (link checkers, previews) is not a view, nor is coming back from the sign-up form.
    if (c.req.method === 'GET' && !returning)
      fire(deps.onPageView, { c, host, page, variantId }, 'page view');
    const embeds = page.blocks.some((b) => b.type === 'embed');
    return c.body(
      html,
      200,
      // A variant is one visitor's page: a shared cache must not hand it to the next visitor.
      htmlHeaders(nonce, returning || variantId !== null ? PRIVATE_CACHE_CONTROL : PAGE_CACHE_CONTROL, {
        embeds,
        capture: hasEmailCapture(page),
      }),
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
    return page === null ? notFound(c) : renderPage(c, host, page);
  }

  async function pageAt(c: Context, host: string | null, handle: string): Promise<Response> {
    const answer = await found(c, host, handle);
    return answer instanceof Response ? answer : renderPage(c, answer.host, answer.page);
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
    fire(deps.onClick, { c, host: answer.host, page, variantId, block, index, destination }, 'click');
    // A block saved before the door normalised may hold raw Unicode, which no header can carry.
    return c.body(null, 302, {
      Location: normalizeUrl(destination) ?? destination,
      'Cache-Control': PRIVATE_CACHE_CONTROL,
    });
  }

  /** The sign-up's answer: JSON for the in-place script, a page (or a 303 back) for a plain form. */
  function subscribeAnswer(
    c: Context,
    page: PageSnapshot,
    blockId: string | null,
    answer: SubscribeAnswer,
  ): Response {
    const back = { href: pageHref(page), label: 'Back to the page' };
    if (wantsJson(c)) {
      const headers: Record<string, string> = { 'Cache-Control': PRIVATE_CACHE_CONTROL };
      if (answer.kind === 'status')
        return c.json(
          { data: { status: answer.status, message: SUBSCRIBE_MESSAGES[answer.status] } },
          200,
          headers,
        );
      if (answer.retryAfter !== undefined) headers['Retry-After'] = String(answer.retryAfter);
      const error = {
        code: answer.code,
        message: answer.message,
        details: answer.field === undefined ? [] : [{ field: answer.field, issue: 'invalid' }],
        request_id: randomUUID(),
      };
      return c.json({ error }, answer.status, headers);
    }
    if (answer.kind === 'status') {
      const query = `?subscribe=${answer.status}${blockId === null ? '' : `&block=${encodeURIComponent(blockId)}`}`;
      const anchor = blockId === null ? '' : `#b-${encodeURIComponent(blockId)}-s`;
      return c.body(null, 303, {
        Location: `${pageHref(page)}${query}${anchor}`,
        'Cache-Control': PRIVATE_CACHE_CONTROL,
      });
    }
    const headers: Record<string, string> =
      answer.retryAfter === undefined ? {} : { 'Retry-After': String(answer.retryAfter) };
    return notice(
      c,
      answer.status,
      { title: answer.title, message: answer.message, theme: page.theme, lang: page.lang, link: back },
      headers,
    );
  }

  async function subscribe(c: Context, host: string | null, handle: string): Promise<Response> {
    const answer = await found(c, host, handle);
    if (answer instanceof Response) return answer;
    const { page } = answer;
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const block = page.blocks.find(
      (b): b is BlockOf<'email_capture'> => b.id === form.block_id && b.type === 'email_capture',
    );
    if (block === undefined) return notFound(c);
    const reply = (a: SubscribeAnswer): Response => subscribeAnswer(c, page, block.id, a);
    const email = emailSchema.safeParse(typeof form.email === 'string' ? form.email.trim() : '');
    if (!email.success) return reply(REFUSALS.email);
    if (form.consent !== 'yes') return reply(REFUSALS.consent);
    // The consent text agreed to must be the one published now (the page may have changed since it loaded).
    if (typeof form.rev === 'string' && page.revision !== undefined && form.rev !== String(page.revision))
      return reply({ kind: 'status', status: 'changed' });
    // The honeypot: a field no person sees. A bot that filled it is thanked, and nothing is kept.
    if (typeof form.website === 'string' && form.website !== '')
      return reply({ kind: 'status', status: block.data.double_opt_in === true ? 'pending' : 'subscribed' });
    if (deps.onSubscribe === undefined) return reply(REFUSALS.closed);
    let result: SubscribeResult;
    try {
      result = await deps.onSubscribe({
        c,
        host: answer.host,
        page,
        variantId: null,
        block,
        email: email.data,
      });
    } catch (err) {
      log.error({ err }, 'sign-up failed');
      return reply(REFUSALS.busy(60));
    }
    switch (result.kind) {
      case 'accepted':
        return reply({ kind: 'status', status: result.outcome === 'pending' ? 'pending' : 'subscribed' });
      case 'throttled':
        return reply({ ...REFUSALS.throttled, retryAfter: result.retryAfterSeconds });
      case 'unavailable':
        return reply(REFUSALS.busy(result.retryAfterSeconds));
    }
  }

  const limitBody = bodyLimit({
    maxSize: SUBSCRIBE_BODY_LIMIT,
    onError: (c) => notice(c, 400, { title: 'Sign-up not sent', message: 'That form was too large.' }),
  });
  async function limitedSubscribe(c: Context, host: string | null, handle: string): Promise<Response> {
    let answer: Response | undefined;
    const refused = await limitBody(c, async () => {
      answer = await subscribe(c, host, handle);
    });
    return refused instanceof Response ? refused : (answer ?? notFound(c));
  }

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
          return limitedSubscribe(c, host, path.handle);
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

/** What a sign-up answers: a status (the page shows it), or a refusal with its page or envelope. */
type SubscribeAnswer =
  | { kind: 'status'; status: SubscribeStatus }
  | {
      kind: 'refused';
      status: 400 | 429 | 503;
      code: 'validation_failed' | 'rate_limited' | 'service_unavailable';
      title: string;
      message: string;
      field?: string;
      retryAfter?: number;
    };

const REFUSALS = {
  email: {
    kind: 'refused',
    status: 400,
    code: 'validation_failed',
    field: 'email',
    title: 'Check your email address',
    message: 'That does not look like an email address. Nothing was saved.',
  },
  consent: {
    kind: 'refused',
    status: 400,
    code: 'validation_failed',
    field: 'consent',
    title: 'Agree to sign up',
    message: 'Tick the box to agree to the sign-up text. Nothing was saved.',
  },
  closed: {
    kind: 'refused',
    status: 503,
    code: 'service_unavailable',
    title: 'Sign-ups are not open yet',
    message: 'This page cannot take sign-ups yet. Nothing was saved.',
  },
  throttled: {
    kind: 'refused',
    status: 429,
    code: 'rate_limited',
    title: 'Too many sign-ups',
    message: 'Too many sign-ups from your network just now. Nothing was saved; please try again later.',
  },
  busy: (retryAfter: number): SubscribeAnswer => ({
    kind: 'refused',
    status: 503,
    code: 'service_unavailable',
    title: 'Please try again in a minute',
    message: SUBSCRIBE_MESSAGES.busy,
    retryAfter,
  }),
} as const satisfies Record<string, SubscribeAnswer | ((n: number) => SubscribeAnswer)>;

/** The in-place script asks for JSON; a plain form post gets pages. */
function wantsJson(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes('application/json');
}

function pageHref(page: PageSnapshot): string {
  return `/${encodeURIComponent(page.handle)}`;
}
