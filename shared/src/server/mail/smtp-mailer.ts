import nodemailer from 'nodemailer';
import { DEFAULT_MAIL_FROM, listHeaders, type Mailer } from '../../mail/mailer';

/** SMTP delivery through nodemailer; `smtpUrl` is e.g. `smtp://user:pass@mail.example.com:587`. */
export function createSmtpMailer(smtpUrl: string, from: string = DEFAULT_MAIL_FROM): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: listHeaders(message),
      });
    },
    async close() {
      transport.close();
    },
  };
}
