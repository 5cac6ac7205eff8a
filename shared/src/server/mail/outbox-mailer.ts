import { mkdir, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_MAIL_FROM, listHeaders, type Mailer, type MailMessage } from '../../mail/mailer';

export const DEFAULT_OUTBOX_DIR = path.join('.linkhub', 'outbox');

/**
 * Development delivery: each message becomes a readable `.txt` file (headers, blank line, body)
 * under the outbox folder, named so `ls` sorts them by time. The launcher lists this folder so a
 * new user can click their verification or sign-in link without any mail server.
 */
export function createOutboxMailer(
  dir: string = DEFAULT_OUTBOX_DIR,
  from: string = DEFAULT_MAIL_FROM,
): Mailer {
  return {
    async send(message: MailMessage) {
      await mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${randomBytes(3).toString('hex')}.txt`);
      const extra = Object.entries(listHeaders(message)).map(([name, value]) => `${name}: ${value}`);
      const body = [
        `From: ${from}`,
        `To: ${message.to}`,
        `Subject: ${message.subject}`,
        ...extra,
        '',
        message.text,
        '',
      ].join('\n');
      await writeFile(file, body, { encoding: 'utf8', mode: 0o600 });
    },
  };
}
