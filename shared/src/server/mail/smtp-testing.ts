import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/**
 * A real SMTP server in-process (smtp-server), for tests: every accepted message is kept with its
 * envelope recipients and its body decoded from quoted-printable, so a test can read the link a user
 * would click.
 */
export type CapturedMail = { to: string[]; raw: string; subject: string; text: string };

export type SmtpCapture = {
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first message to `address` (waiting for it if it has not arrived yet). */
  waitFor: (address: string, predicate?: (m: CapturedMail) => boolean) => Promise<CapturedMail>;
  close: () => Promise<void>;
};

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parse(raw: string, to: string[]): CapturedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 4);
  const unfolded = head.replace(/\r\n[ \t]+/g, ' ');
  const subject = /^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '';
  const qp = /^Content-Transfer-Encoding: quoted-printable/im.test(unfolded);
  const b64 = /^Content-Transfer-Encoding: base64/im.test(unfolded);
  const text = qp ? decodeQuotedPrintable(body) : b64 ? Buffer.from(body, 'base64').toString('utf8') : body;
  return { to, raw, subject, text };
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters: Array<{
    address: string;
    predicate: (m: CapturedMail) => boolean;
    resolve: (m: CapturedMail) => void;
  }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const mail = parse(Buffer.concat(chunks).toString('utf8'), to);
        messages.push(mail);
        for (const w of [...waiters]) {
          if (to.includes(w.address) && w.predicate(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo; // a TCP listen always yields AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(address, predicate = () => true) {
      const lower = address.toLowerCase();
      const found = messages.find((m) => m.to.includes(lower) && predicate(m));
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ address: lower, predicate, resolve }));
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) URL in a message body. */
export function firstLink(text: string): string {
  const match = /https?:\/\/\S+/.exec(text);
  if (!match) throw new Error('no link in message');
  return match[0];
}
