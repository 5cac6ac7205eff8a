import { signUpOverHttp } from '../../testing/sign-up-over-http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@linkhub/shared/server/db/testing';
import { parseEnvOrThrow } from '@linkhub/shared/config/env';
import { createLogger } from '@linkhub/shared/server/logging/logger';
import { createApp } from '../../app';
import { closeDeps, createDeps, type AppDeps } from '../../deps';
import { syncServerEnvSchema } from '../../platform/env';
import { firstLink, startSmtpCapture, type SmtpCapture } from '@linkhub/shared/server/mail/smtp-testing';
import { base32Decode } from '../../identity/base32';
import { totpAt } from '../../identity/totp';

/** Every log line the sync-server writes during a full account journey, at the most verbose level. */
const lines: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _enc, done) {
    lines.push(
      ...chunk
        .toString('utf8')
        .split('\n')
        .filter((l) => l.length > 0),
    );
    done();
  },
});

let database: TestDatabase;
let deps: AppDeps;
let smtp: SmtpCapture;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  database = await createTestDatabase();
  const config = parseEnvOrThrow(syncServerEnvSchema, {
    DATABASE_URL: database.url,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: testRedisPrefix(),
    PWA_DIST: '/nonexistent-pwa-dist',
    LOG_LEVEL: 'trace',
    SMTP_URL: smtp.url,
  });
  deps = createDeps(config, { logger: createLogger('sync-server', { level: 'trace', destination: sink }) });
  app = createApp(deps);
});
afterAll(async () => {
  await closeDeps(deps);
  await database.drop();
  await smtp.close();
});

async function post(path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await app.request(path, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      'User-Agent': 'Mozilla/5.0 (Macintosh) Chrome/120.0',
    },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>; // test-only: fields read below are checked by use
}

function field(obj: Record<string, unknown>, ...path: string[]): string {
  let value: unknown = obj;
  for (const p of path)
    value = typeof value === 'object' && value !== null ? Reflect.get(value, p) : undefined;
  if (typeof value !== 'string') throw new Error(`no ${path.join('.')} in ${JSON.stringify(obj)}`);
  return value;
}

describe('account logs', () => {
  it('never contain a password, a session token, an e-mailed token, an API key, a TOTP secret or a recovery code', async () => {
    const secrets: string[] = [];
    const password = 'Sup3r secret passphrase!';
    secrets.push(password, 'wrong-password-attempt');
    const signup = await signUpOverHttp((path, init) => app.request(path, init), {
      email: 'logs@example.com',
      password,
      name: 'Logs',
    });
    const session = signup.token;
    const workspaceId = signup.workspaceId;
    secrets.push(session);
    const verifyToken =
      new URL(
        firstLink((await smtp.waitFor('logs@example.com', (m) => m.subject.includes('Verify'))).text),
      ).searchParams.get('token') ?? '';
    secrets.push(verifyToken);
    await app.request(`/api/auth/verify-email?token=${encodeURIComponent(verifyToken)}`);
    await post('/api/auth/login', { email: 'logs@example.com', password: 'wrong-password-attempt' });
    const login = await post('/api/auth/login', { email: 'logs@example.com', password });
    secrets.push(field(login, 'data', 'token'));

    const enrol = await post('/api/2fa/enrol', {}, session);
    const secret = field(enrol, 'data', 'secret');
    secrets.push(secret);
    const code = totpAt(base32Decode(secret), Date.now() / 1000);
    const confirm = await post('/api/2fa/confirm', { code }, session);
    const data = confirm.data as { recovery_codes: string[] }; // shape asserted by the confirm test in auth.test.ts
    secrets.push(...data.recovery_codes);
    const challenge = await post('/api/auth/login', { email: 'logs@example.com', password });
    const challengeToken = field(challenge, 'data', 'challenge_token');
    secrets.push(challengeToken);
    const second = await post('/api/auth/2fa/challenge', {
      challenge_token: challengeToken,
      recovery_code: data.recovery_codes[0],
    });
    secrets.push(field(second, 'data', 'token'));

    const key = await post(
      `/api/workspaces/${workspaceId}/api-keys`,
      { name: 'k', scopes: ['workspace:read'] },
      session,
    );
    const rawKey = field(key, 'data', 'key');
    secrets.push(rawKey);
    await app.request(`/api/workspaces/${workspaceId}`, { headers: { Authorization: `Bearer ${rawKey}` } });

    await post('/api/auth/password-reset', { email: 'logs@example.com' });
    const reset =
      new URL(
        firstLink((await smtp.waitFor('logs@example.com', (m) => m.subject.includes('Reset'))).text),
      ).searchParams.get('token') ?? '';
    secrets.push(reset);
    await post('/api/auth/password-reset/confirm', { token: reset, password: 'An0ther secret passphrase' });
    secrets.push('An0ther secret passphrase');

    expect(lines.length).toBeGreaterThan(10);
    const all = lines.join('\n');
    expect(all).toContain('"path":"/api/auth/login"'); // the journey was logged, one line per request
    for (const s of secrets) expect(all).not.toContain(s);
    // Only the SHA-256 of a session token is ever stored; it must not be logged either.
    expect(all).not.toMatch(/lhs_[A-Za-z0-9_-]{20}/);
    expect(all).not.toMatch(/lh_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{20}/);
    expect(all).not.toContain('Mozilla/5.0');
  });
});
