import { renderDocument } from './document';
import { escapeHtml } from './escape';
import { themeSchema, type Theme } from './snapshot';

export interface NoticePage {
  title: string;
  message: string;
  nonce: string;
  /** A workspace's theme when known; LinkHub's default otherwise. */
  theme?: Theme;
  lang?: string;
  /** An optional way on, e.g. back to the page. */
  link?: { href: string; label: string };
}

/** A small readable page in the bio page's look: the branded 404 and the sign-up answer. */
export function renderNoticePage(notice: NoticePage): string {
  const link =
    notice.link === undefined
      ? ''
      : `<p><a class="btn" href="${escapeHtml(notice.link.href)}">${escapeHtml(notice.link.label)}</a></p>`;
  return renderDocument({
    lang: notice.lang ?? 'en',
    title: notice.title,
    theme: notice.theme ?? themeSchema.parse({}),
    nonce: notice.nonce,
    body:
      `<main class="page notice"><h1>${escapeHtml(notice.title)}</h1><p>${escapeHtml(notice.message)}</p>${link}</main>` +
      '<footer><p>LinkHub</p></footer>',
  });
}
