import { z } from 'zod';
import { renderDocument } from './document';
import { escapeHtml } from './escape';
import type { Theme } from './snapshot';

/**
 * A sensitive-content notice (D-606) in front of a whole page or of one link block's destination.
 * No cookie and no script: the notice's "Continue" is a plain link to the same address with
 * `?confirm=…`, which renders the content (or, for a block, redirects). A visitor confirms per visit.
 */
export const NOTICE_KINDS = ['adult', 'sensitive'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const NOTICE_MESSAGE_MAX = 500;

/** The stored and published notice; the REST input is the strict form (schemas/blocks.ts). */
export const sensitiveNoticeSchema = z.object({
  kind: z.enum(NOTICE_KINDS),
  message: z.string().max(NOTICE_MESSAGE_MAX).optional(),
});
export type SensitiveNotice = z.infer<typeof sensitiveNoticeSchema>;

export const NOTICE_LABELS: Readonly<Record<NoticeKind, string>> = {
  adult: '18+ (adults only)',
  sensitive: 'Sensitive content',
};

const HEADINGS: Readonly<Record<NoticeKind, string>> = {
  adult: 'This content is for adults (18+)',
  sensitive: 'Sensitive content',
};

const DEFAULT_MESSAGES: Readonly<Record<NoticeKind, string>> = {
  adult: 'Continue only if you are 18 or older.',
  sensitive: 'What follows may be sensitive for some people. Continue if you want to see it.',
};

/** The query parameter a "Continue" link sets: `page` past a page's notice, `block` past a link's. */
export const CONFIRM_PARAM = 'confirm';
export type Confirmation = 'page' | 'block' | null;

export function confirmationOf(value: string | undefined): Confirmation {
  return value === 'page' || value === 'block' ? value : null;
}

/** The notice a stored value holds, or null (absent, cleared or unreadable). */
export function noticeOf(value: unknown): SensitiveNotice | null {
  const parsed = sensitiveNoticeSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

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
