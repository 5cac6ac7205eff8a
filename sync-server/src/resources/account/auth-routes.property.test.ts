import { fc, test } from '@fast-check/vitest';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { PASSWORD, startKit, type Kit } from '../../testing/accounts-kit';

/**
 * The account doors under arbitrary input (16 Tests): sign-up, sign-in, reset (request and confirm)
 * and magic link, with any e-mail, any password (all of Unicode, huge), any JSON shape and any bytes.
 * Never a 5xx, every refusal in the one envelope, and no account or password changed by a refusal.
 */
let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
  await kit.signUp('resident@example.com');
});
afterAll(async () => {
  await kit.stop();
});

const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 400 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.constant(' '.repeat(10)),
  fc.constant('\u0000'),
  fc.constant('x'.repeat(20_000)),
);
const anyEmail = fc.oneof(
  fc.emailAddress(),
  fc.constant('resident@example.com'),
  fc.constant(' RESIDENT@example.com '),
  anyText,
);
const anyField = fc.oneof(anyText, fc.jsonValue({ maxDepth: 3 }));
const credentials = fc.record(
  {
    email: fc.oneof(anyEmail, anyField),
    password: fc.oneof(anyText, fc.constant(PASSWORD), anyField),
    name: anyField,
    client: fc.oneof(fc.constant('web'), anyField),
  },
  { requiredKeys: [] },
);
/** A body: credentials, credentials with an extra key, any JSON at all, or text that is not JSON. */
const anyBody = fc.oneof(
  credentials.map((v) => JSON.stringify(v)),
  fc
    .tuple(credentials, fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }))
    .map(([v, k, x]) => JSON.stringify({ ...v, [k]: x })),
  fc.jsonValue({ maxDepth: 6 }).map((v) => JSON.stringify(v)),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

type Snapshot = { users: string; resident: string };

async function snapshot(): Promise<Snapshot> {
  const { rows } = await kit.deps.pool.query<{ users: string; resident: string }>(
    "SELECT count(*)::text AS users, (SELECT coalesce(password_hash, '') || coalesce(email_verified_at::text, '') FROM users WHERE email = 'resident@example.com') AS resident FROM users",
  );
  return rows[0] ?? { users: '', resident: '' };
}

async function expectEnvelopeOrSuccess(res: Response): Promise<void> {
  expect(res.status).toBeLessThan(500);
  if (res.status < 400) return;
  const body: unknown = await res.json();
  expect(body).toMatchObject({
    error: {
      code: expect.any(String),
      message: expect.any(String),
      details: expect.any(Array),
      request_id: expect.any(String),
    },
  });
}

const contentType = fc.constantFrom(
  'application/json',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
);

describe('account doors never fail on input', () => {
  test.prop([anyBody, contentType])(
    'sign-up: 202 or a 4xx envelope; a refusal creates no account',
    async (body, type) => {
      const before = await snapshot();
      const res = await kit.app.request('/api/auth/signup', {
        method: 'POST',
        headers: { 'Content-Type': type },
        body,
      });
      await expectEnvelopeOrSuccess(res);
      const after = await snapshot();
      expect(after.resident).toBe(before.resident);
      if (res.status !== 202) expect(after.users).toBe(before.users);
    },
  );

  test.prop([anyBody, contentType])(
    'sign-in: a session, 2FA, or a 4xx envelope; nothing about the account changes',
    async (body, type) => {
      const before = await snapshot();
      await expectEnvelopeOrSuccess(
        await kit.app.request('/api/auth/login', { method: 'POST', headers: { 'Content-Type': type }, body }),
      );
      expect(await snapshot()).toEqual(before);
    },
  );

  for (const path of [
    '/api/auth/password-reset',
    '/api/auth/magic-link',
    '/api/auth/password-reset/confirm',
    '/api/auth/magic-link/consume',
    '/api/auth/verify-email',
  ]) {
    test.prop([
      fc.oneof(
        anyBody,
        fc
          .record({ email: anyEmail, token: anyText, password: anyText }, { requiredKeys: [] })
          .map((v) => JSON.stringify(v)),
      ),
      contentType,
    ])(`${path}: 2xx or a 4xx envelope; no account or password changes`, async (body, type) => {
      const before = await snapshot();
      await expectEnvelopeOrSuccess(
        await kit.app.request(path, { method: 'POST', headers: { 'Content-Type': type }, body }),
      );
      expect(await snapshot()).toEqual(before);
    });
  }
});
