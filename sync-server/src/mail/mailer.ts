/** One way to send mail, whatever carries it (SMTP in production, the dev outbox locally). */
export type MailMessage = { to: string; subject: string; text: string; html?: string };

export type Mailer = { send: (message: MailMessage) => Promise<void>; close?: () => Promise<void> };

export const DEFAULT_MAIL_FROM = 'LinkHub <no-reply@linkhub.localhost>';
