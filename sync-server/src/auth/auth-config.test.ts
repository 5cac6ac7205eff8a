import { describe, expect, it } from 'vitest';
import { EnvError } from '@linkhub/shared/config/env';
import { DEV_AUTH_SECRET, readAuthConfig } from './auth-config';

describe('auth config', () => {
  it('defaults to the dev outbox and a dev secret on localhost', () => {
    const cfg = readAuthConfig({}, {}, 'http://localhost:8080');
    expect(cfg.SMTP_URL).toBeUndefined();
    expect(cfg.OUTBOX_DIR).toBe('.linkhub/outbox');
    expect(cfg.AUTH_SECRET).toBe(DEV_AUTH_SECRET);
  });

  it('refuses a public deployment without its own AUTH_SECRET, naming the variable and never echoing values', () => {
    expect(() => readAuthConfig({}, {}, 'https://app.linkhub.example')).toThrow(EnvError);
    expect(() => readAuthConfig({}, {}, 'https://app.linkhub.example')).toThrow(/AUTH_SECRET/);
    const ok = readAuthConfig({}, { AUTH_SECRET: 'x'.repeat(40), SMTP_URL: 'smtp://mail.example.com:587' }, 'https://app.linkhub.example');
    expect(ok.SMTP_URL).toBe('smtp://mail.example.com:587');
    expect(() => readAuthConfig({}, { SMTP_URL: 'http://nope' }, 'http://localhost:8080')).toThrow(/SMTP_URL/);
  });
});
