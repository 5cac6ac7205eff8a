/** One way to send mail, whatever carries it (SMTP in production, the dev outbox locally). */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * An unsubscribe address for the `List-Unsubscribe` header (RFC 2369) with one-click POST
   * (RFC 8058); lead mails carry it, account mails do not.
   */
  unsubscribeUrl?: string;
};

export type Mailer = { send: (message: MailMessage) => Promise<void>; close?: () => Promise<void> };

export const DEFAULT_MAIL_FROM = 'LinkHub <no-reply@linkhub.localhost>';

/** The extra headers of a message (none for most; list headers for mail with an unsubscribe link). */
export function listHeaders(message: MailMessage): Record<string, string> {
  if (message.unsubscribeUrl === undefined) return {};
  return {
    'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
