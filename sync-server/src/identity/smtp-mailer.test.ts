import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSmtpMailer } from '@linkhub/shared/server/mail/smtp-mailer';
import { firstLink, startSmtpCapture, type SmtpCapture } from '@linkhub/shared/server/mail/smtp-testing';
import { invitationEmail, verificationEmail } from './mail-templates';

let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
});

describe('SMTP mailer', () => {
  it('delivers a message a real SMTP server accepts, with the link intact', async () => {
    const mailer = createSmtpMailer(smtp.url, 'LinkHub <no-reply@test.localhost>');
    const link = `http://localhost:8080/api/auth/verify-email?token=lhv_${'x'.repeat(43)}&next=%2Fpages%2Fa-very-long-path-that-wraps-lines`;
    await mailer.send(verificationEmail('Maya@Example.com', link));
    const mail = await smtp.waitFor('maya@example.com');
    expect(mail.subject).toBe('Verify your LinkHub email address');
    expect(firstLink(mail.text)).toBe(link);
    expect(mail.raw).toMatch(/^From: LinkHub <no-reply@test\.localhost>/m);
    await mailer.close?.();
  });

  it('encodes non-ASCII workspace names so they arrive readable', async () => {
    const mailer = createSmtpMailer(smtp.url);
    await mailer.send(
      invitationEmail('priya@example.com', {
        workspaceName: 'Café Noël',
        inviterName: 'Priya',
        role: 'editor',
        link: 'http://localhost/accept?t=1',
      }),
    );
    const mail = await smtp.waitFor('priya@example.com');
    expect(mail.text).toContain('"Café Noël" as editor');
    // Someone without an account learns which address to create it with.
    expect(mail.text).toContain(
      'No LinkHub account yet? Create one there with this address, priya@example.com',
    );
    await mailer.close?.();
  });
});
