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

/**
 * The double opt-in mail: a confirmation link (single use, 7 days) and, as in every lead mail, an
 * unsubscribe link, also in the `List-Unsubscribe` header. Plain text; the page title is the
 * owner's text and is shown as is (plain text cannot inject markup).
 */
export function leadConfirmationEmail(
  to: string,
  opts: { pageTitle: string; confirmUrl: string; unsubscribeUrl: string },
): MailMessage {
  const title =
    opts.pageTitle.trim() === '' ? 'a LinkHub page' : opts.pageTitle.replace(/[\r\n]+/g, ' ').slice(0, 120);
  return {
    to,
    subject: `Confirm your sign-up to ${title}`,
    text:
      `You (or someone using this address) signed up on ${title}.\n\nConfirm your sign-up here:\n\n${opts.confirmUrl}\n\n` +
      `The link works once, for 7 days. If you did not sign up, ignore this message: the address is deleted when the link expires.\n\n` +
      `Unsubscribe at any time:\n\n${opts.unsubscribeUrl}\n`,
    unsubscribeUrl: opts.unsubscribeUrl,
  };
}
