import { renderDocument } from './document';
import { escapeHtml } from './escape';
import type { NoticeKind, SensitiveNotice } from './sensitive-notice';
import type { Theme } from './snapshot';

const HEADINGS: Readonly<Record<NoticeKind, string>> = {
  adult: 'This content is for adults (18+)',
  sensitive: 'Sensitive content',
};

const DEFAULT_MESSAGES: Readonly<Record<NoticeKind, string>> = {
  adult: 'Continue only if you are 18 or older.',
  sensitive: 'What follows may be sensitive for some people. Continue if you want to see it.',
};

export interface SensitiveNoticePage {
  notice: SensitiveNotice;
  nonce: string;
  theme: Theme;
  lang: string;
  /** Where "Continue" goes: the same address with `?confirm=…`. */
  continueHref: string;
  /** Where "Go back" goes (the page, for a block's notice); absent: no such link. */
  backHref?: string;
}

/**
 * The notice alone: its heading, the owner's message (or the kind's default) and the way on. Nothing
 * of what it stands in front of (block text, link addresses, the page's title) is in this HTML.
 */
export function renderSensitiveNotice(page: SensitiveNoticePage): string {
  const { kind, message } = page.notice;
  const text = message === undefined || message.trim() === '' ? DEFAULT_MESSAGES[kind] : message;
  const back = page.backHref === undefined ? '' : `<p><a href="${escapeHtml(page.backHref)}">Go back</a></p>`;
  return renderDocument({
    lang: page.lang,
    title: HEADINGS[kind],
    noindex: true,
    theme: page.theme,
    nonce: page.nonce,
    body:
      `<main class="page notice"><h1>${escapeHtml(HEADINGS[kind])}</h1>` +
      `<p class="bio">${escapeHtml(text)}</p>` +
      `<p><a class="btn" href="${escapeHtml(page.continueHref)}">Continue</a></p>${back}</main>` +
      '<footer><p>Made with LinkHub</p></footer>',
  });
}
