import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnvOrThrow } from '@linkhub/shared/config/env';
import { syncServerEnvSchema } from './env';
import { REPO_ROOT } from '@linkhub/shared/server/config/repo-path';
import { DEV_AUTH_SECRET } from './auth-config';

const read = (env: Record<string, string>) => parseEnvOrThrow(syncServerEnvSchema, env);

describe('auth config (part of the sync-server env schema)', () => {
  it('defaults to the dev outbox and a dev secret on localhost', () => {
    const cfg = read({ PUBLIC_SYNC_URL: 'http://localhost:8080' });
    expect(cfg.SMTP_URL).toBeUndefined();
    expect(cfg.OUTBOX_DIR).toBe(join(REPO_ROOT, '.linkhub/outbox'));
    expect(cfg.AUTH_SECRET).toBe(DEV_AUTH_SECRET);
  });

  it('refuses a public deployment without its own AUTH_SECRET, naming the variable and never echoing values', () => {
    const publicUrl = { PUBLIC_SYNC_URL: 'https://app.linkhub.example' };
    expect(() => read(publicUrl)).toThrow(EnvError);
    expect(() => read(publicUrl)).toThrow(/AUTH_SECRET/);
    // The published dev click id key would let anyone forge A/B test conversions (D-491).
    expect(() => read({ ...publicUrl, AUTH_SECRET: 'x'.repeat(40) })).toThrow(/CLICK_ID_KEY/);
    const ok = read({
      ...publicUrl,
      AUTH_SECRET: 'x'.repeat(40),
      CLICK_ID_KEY: `k1:${'y'.repeat(40)}`,
      SMTP_URL: 'smtp://mail.example.com:587',
    });
    expect(ok.SMTP_URL).toBe('smtp://mail.example.com:587');
    expect(() => read({ SMTP_URL: 'http://nope' })).toThrow(/SMTP_URL/);
    expect(() => read({ SMTP_URL: 'http://nope' })).not.toThrow(/nope/);
  });
});
