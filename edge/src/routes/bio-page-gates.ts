import { isShownAt, nextScheduleBoundary } from '@linkhub/shared/blocks/block-schedule';
import { noticeOf, type Confirmation, type SensitiveNotice } from '@linkhub/shared/blocks/sensitive-notice';
import { renderSensitiveNotice } from '@linkhub/shared/blocks/render-sensitive-notice';
import type { PageSnapshot, SnapshotBlock } from '@linkhub/shared/blocks/snapshot';
import { createNonce, htmlHeaders, PAGE_CACHE_CONTROL } from './bio-page-headers';

/** A shared cache's usual lifetime of a public page, and how long it may serve it stale (PAGE_CACHE_CONTROL). */
const SHARED_MAX_AGE = 60;
const STALE_WHILE_REVALIDATE = 300;

/**
 * The public page's Cache-Control at `now` (D-605): the usual one, unless a scheduled block appears or
 * disappears sooner than a shared cache would keep (and then serve stale) the page. Then the shared
 * lifetime plus the stale window ends at that boundary, so no cache shows a block past its end or
 * hides it past its start (the edge itself renders every request from the snapshot).
 */
export function pageCacheControl(page: Pick<PageSnapshot, 'blocks'>, now: number): string {
  const boundary = nextScheduleBoundary(page.blocks, now);
  if (boundary === null) return PAGE_CACHE_CONTROL;
  const seconds = Math.floor((boundary - now) / 1000);
  if (seconds >= SHARED_MAX_AGE + STALE_WHILE_REVALIDATE) return PAGE_CACHE_CONTROL;
  const shared = Math.min(SHARED_MAX_AGE, seconds);
  const stale = Math.min(STALE_WHILE_REVALIDATE, seconds - shared);
  return `public, max-age=0, s-maxage=${shared}` + (stale > 0 ? `, stale-while-revalidate=${stale}` : '');
}

/** The notice a visitor must pass before this page, or null (none, or confirmed on this visit). */
export function pageNotice(page: PageSnapshot, confirmation: Confirmation): SensitiveNotice | null {
  return confirmation === null ? (page.notice ?? null) : null;
}

/**
 * The notice a visitor must pass before a block's hop redirects, or null: the link's own notice until
 * confirmed with `block`, else the page's until confirmed at all.
 */
export function hopNotice(
  page: PageSnapshot,
  block: SnapshotBlock,
  confirmation: Confirmation,
): SensitiveNotice | null {
  const own = block.type === 'link' ? noticeOf(block.data.notice) : null;
  if (own !== null && confirmation !== 'block') return own;
  return pageNotice(page, confirmation);
}

/** Whether the block is on the page at `now` (its hop answers 404 outside its window). */
export function blockShown(block: SnapshotBlock, now: number): boolean {
  return isShownAt(block.data, now);
}

/** The notice page itself: nothing of the content behind it, the way on as a plain link. */
export function noticeBody(
  page: PageSnapshot,
  notice: SensitiveNotice,
  links: { continueHref: string; backHref?: string },
  cacheControl: string,
): { html: string; headers: Record<string, string> } {
  const nonce = createNonce();
  const html = renderSensitiveNotice({
    notice,
    nonce,
    theme: page.theme,
    lang: page.lang,
    continueHref: links.continueHref,
    ...(links.backHref === undefined ? {} : { backHref: links.backHref }),
  });
  return { html, headers: htmlHeaders(nonce, cacheControl) };
}

/** `href` with `?confirm=…` added (the hop hrefs carry no query of their own). */
export function withConfirmation(href: string, confirmation: 'page' | 'block'): string {
  return `${href}${href.includes('?') ? '&' : '?'}confirm=${confirmation}`;
}
