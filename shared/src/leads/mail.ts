import type { MailMessage } from '../mail/mailer';

/** Where a lead's mailed links point: the editor's origin, whose `/api` reaches the sync-server (D-045). */
export function leadLinks(
  publicPwaUrl: string,
  tokens: { confirm?: string; unsubscribe: string },
): { confirm: string | null; unsubscribe: string } {
  const base = publicPwaUrl.replace(/\/+$/, '');
  return {
    confirm: tokens.confirm === undefined ? null : `${base}/api/leads/confirm?token=${tokens.confirm}`,
    unsubscribe: `${base}/api/leads/unsubscribe?token=${tokens.unsubscribe}`,
  };
}

/** At most this many characters of the page's title go into a confirmation mail's body. */
export const MAIL_TITLE_MAX = 80;

/**
 * The page's title as a confirmation mail quotes it: one line, without control or invisible
 * formatting characters (bidi overrides, zero-width), at most MAIL_TITLE_MAX characters. The title
 * is whatever the page's owner typed, so it only ever appears quoted in the body (D-486).
 */
export function mailSafeTitle(title: string): string {
  const line = title
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(line);
  return chars.length <= MAIL_TITLE_MAX
    ? line
    : `${chars
        .slice(0, MAIL_TITLE_MAX - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * The double opt-in mail: a confirmation link (single use, 7 days) and, as in every lead mail, an
 * unsubscribe link, also in the `List-Unsubscribe` header. Plain text. The Subject names LinkHub
 * and the page's handle (a checked slug) and nothing the page's owner wrote freely; the body
 * quotes the title, made safe by mailSafeTitle (D-486).
 */
export function leadConfirmationEmail(
  to: string,
  opts: { pageTitle: string; pageHandle: string; confirmUrl: string; unsubscribeUrl: string },
): MailMessage {
  const handle =
    opts.pageHandle
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 63) || 'a page';
  const title = mailSafeTitle(opts.pageTitle);
  const page = title === '' ? `the LinkHub page ${handle}` : `the LinkHub page ${handle} ("${title}")`;
  return {
    to,
    subject: `Confirm your sign-up to ${handle} on LinkHub`,
    text:
      `You (or someone using this address) signed up on ${page}.\n\nConfirm your sign-up here:\n\n${opts.confirmUrl}\n\n` +
      `The link works once, for 7 days. If you did not sign up, ignore this message: the address is deleted when the link expires, ` +
      `and signing it up again sends at most one such message a day.\n\n` +
      `Unsubscribe at any time:\n\n${opts.unsubscribeUrl}\n`,
    unsubscribeUrl: opts.unsubscribeUrl,
  };
}
