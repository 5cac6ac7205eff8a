import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from '@linkhub/shared/server/mail/create-mailer';
import { magicLinkEmail } from './mail-templates';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

describe('dev outbox mailer', () => {
  it('writes each message as a readable file when no SMTP_URL is configured', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'linkhub-outbox-'));
    dirs.push(dir);
    const mailer = createMailer({ outboxDir: path.join(dir, 'outbox') });
    await mailer.send(
      magicLinkEmail('tom@example.com', 'http://localhost:8080/api/auth/magic-link/consume?token=abc'),
    );
    const files = await readdir(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    const content = await readFile(path.join(dir, 'outbox', files[0] ?? ''), 'utf8');
    expect(content).toContain('To: tom@example.com');
    expect(content).toContain('Subject: Your LinkHub sign-in link');
    expect(content).toContain('http://localhost:8080/api/auth/magic-link/consume?token=abc');
  });
});
