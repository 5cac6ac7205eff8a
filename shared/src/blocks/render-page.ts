import { renderBlock } from './catalog';
import { renderDocument } from './document';
import { escapeHtml } from './escape';
import { FACADE_SCRIPT, subscribeScript } from './facade-script';
import { resolveAsset } from './render-context';
import { avatarIcon, shareImageOf } from './share-tags';
import { publicMessage } from '../page-language/public-messages';
import { pictureHtml } from '../photos/responsive-image';
import type { PageSnapshot } from './snapshot';
import { isShownAt } from './block-schedule';

export interface RenderBioPageOptions {
  /** The per-response CSP nonce, put on the inline style and script. */
  nonce: string;
  /** The click-hop href of a block; the edge uses `hopHref(snapshot.handle)`, the PWA preview its own. */
  linkHref: (blockId: string, index?: number) => string;
  /** Prefix for asset paths (`/assets/…`); absent: same origin. */
  assetBase?: string;
  /** Where email-capture forms post; default `/{handle}/subscribe`. */
  subscribeAction?: string;
  /** The status line of the sign-up blocks (`?subscribe=` after the no-JavaScript POST); absent: none. */
  subscribeMessage?: (blockId: string) => string | null;
  /** The A/B test click id the visitor arrived with, carried by each sign-up form (D-321). */
  clickId?: string;
  /** Where the page lives (`pagePath(handle)`, or `/` for a custom domain's root); absent in previews. */
  canonicalPath?: string;
  /** The instant the page is rendered for (ms): scheduled blocks outside their window are left out (D-605). */
  now?: number;
  /** The page's scheme and host (`https://bio.example`): share tags, canonical link and icon are absolute (D-600). */
  origin?: string;
}

/** The page as a visitor sees it at `now`: only the blocks whose schedule shows them (D-605). */
export function shownAt(snapshot: PageSnapshot, now: number): PageSnapshot {
  const blocks = snapshot.blocks.filter((b) => isShownAt(b.data, now));
  return blocks.length === snapshot.blocks.length ? snapshot : { ...snapshot, blocks };
}

/** The public click hop: `/{handle}/l/{blockId}`, plus `/{index}` for one link of a social block. */
export function hopHref(handle: string): (blockId: string, index?: number) => string {
  const base = `${pagePath(handle)}/l/`;
  return (blockId, index) => base + encodeURIComponent(blockId) + (index === undefined ? '' : `/${index}`);
}

/** A bio page's own path on the bio host: `/{handle}`. */
export function pagePath(handle: string): string {
  return `/${encodeURIComponent(handle)}`;
}

export function subscribeHref(handle: string): string {
  return `${pagePath(handle)}/subscribe`;
}

function nonEmpty(value: string | null | undefined): string | undefined {
  return value === null || value === undefined || value.trim() === '' ? undefined : value;
}

/** The page's title, or `@handle` when the owner left it empty. */
export function displayTitle(snapshot: PageSnapshot): string {
  return snapshot.title.trim() === '' ? `@${snapshot.handle}` : snapshot.title;
}

/**
 * A published bio page as one complete HTML document: inline CSS, every link a plain anchor
 * through the click hop, embeds as facades, and a script only when an embed or a sign-up form needs one.
 * Pure string building (no DOM, no Node modules) so the PWA preview uses it too.
 */
export function renderBioPage(published: PageSnapshot, options: RenderBioPageOptions): string {
  const snapshot = shownAt(published, options.now ?? Date.now());
  const ctxBase = {
    linkHref: options.linkHref,
    subscribeAction: options.subscribeAction ?? subscribeHref(snapshot.handle),
    assetBase: options.assetBase,
    revision: snapshot.revision,
    subscribeMessage: options.subscribeMessage,
    clickId: options.clickId,
    lang: snapshot.lang,
  };
  const blocks = snapshot.blocks
    .map((block, position) => renderBlock(block, { ...ctxBase, position }))
    .join('');
  const avatar =
    snapshot.avatar === null || snapshot.avatar === undefined
      ? ''
      : snapshot.avatar.image !== undefined
        ? pictureHtml(snapshot.avatar.image, {
            alt: snapshot.avatar.alt,
            className: 'avatar',
            sizes: '96px',
            width: 96,
            height: 96,
            eager: true,
          })
        : `<img class="avatar" src="${escapeHtml(resolveAsset(snapshot.avatar.url, options.assetBase))}" alt="${escapeHtml(snapshot.avatar.alt)}" width="96" height="96" fetchpriority="high">`;
  const bio =
    snapshot.bio === null || snapshot.bio === undefined || snapshot.bio === ''
      ? ''
      : `<p class="bio">${escapeHtml(snapshot.bio)}</p>`;
  const body =
    `<main class="page"><header class="intro">${avatar}<h1>${escapeHtml(displayTitle(snapshot))}</h1>${bio}</header>` +
    `<div class="blocks">${blocks}</div></main>` +
    `<footer><p>${escapeHtml(publicMessage(snapshot.lang, 'footer'))}</p></footer>`;
  const title = displayTitle(snapshot);
  const hasEmbed = snapshot.blocks.some((b) => b.type === 'embed');
  const hasCapture = hasEmailCapture(snapshot);
  const scripts = [
    hasEmbed ? FACADE_SCRIPT : null,
    hasCapture ? subscribeScript(snapshot.lang) : null,
  ].filter((x) => x !== null);
  const seo = snapshot.seo;
  return renderDocument({
    lang: snapshot.lang,
    title: nonEmpty(seo?.title) ?? title,
    description: nonEmpty(seo?.description) ?? nonEmpty(snapshot.bio),
    noindex: seo?.noindex ?? false,
    canonicalPath: options.canonicalPath,
    origin: options.origin,
    share: {
      image: shareImageOf(snapshot, nonEmpty(seo?.title) ?? title),
      icon: avatarIcon(snapshot.avatar?.image),
    },
    theme: snapshot.theme,
    backgroundImage: snapshot.background,
    nonce: options.nonce,
    body,
    script: scripts.length === 0 ? undefined : scripts.join(';'),
  });
}

/** Whether the page has a sign-up form (its CSP then allows the in-place POST: `connect-src 'self'`). */
export function hasEmailCapture(snapshot: Pick<PageSnapshot, 'blocks'>): boolean {
  return snapshot.blocks.some((b) => b.type === 'email_capture');
}
