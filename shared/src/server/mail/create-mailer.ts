import type { Mailer } from '../../mail/mailer';
import { createOutboxMailer, DEFAULT_OUTBOX_DIR } from './outbox-mailer';
import { createSmtpMailer } from './smtp-mailer';

/** SMTP when SMTP_URL is configured, otherwise the dev outbox. */
export function createMailer(config: {
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  outboxDir?: string | undefined;
}): Mailer {
  if (config.smtpUrl) return createSmtpMailer(config.smtpUrl, config.mailFrom);
  return createOutboxMailer(config.outboxDir ?? DEFAULT_OUTBOX_DIR, config.mailFrom);
}
