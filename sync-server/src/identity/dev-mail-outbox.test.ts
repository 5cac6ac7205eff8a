import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@linkhub/shared/server/config/repo-path';
import { createTestApp, type TestApp } from '../testing/app';
import { devMailOutbox } from './dev-mail-outbox';

describe('devMailOutbox', () => {
  it('names the outbox of a local server without SMTP, relative to the repo', () => {
    const local = 'http://localhost:8080';
    expect(devMailOutbox({ PUBLIC_SYNC_URL: local, OUTBOX_DIR: `${REPO_ROOT}/.linkhub/outbox` })).toBe(
      '.linkhub/outbox/',
    );
    expect(devMailOutbox({ PUBLIC_SYNC_URL: local, SMTP_URL: 'smtp://mail:587' })).toBeNull();
  });

  it('says nothing on a public server, whatever its mail settings', () => {
    expect(devMailOutbox({ PUBLIC_SYNC_URL: 'https://app.example.com' })).toBeNull();
  });
});

describe('GET /api/auth/config', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ PUBLIC_SYNC_URL: 'http://localhost:8080' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('answers without a session, with where a development server writes its mails', async () => {
    const res = await app.app.request('/api/auth/config');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { dev_mail_outbox: '.linkhub/outbox/' } });
  });
});
