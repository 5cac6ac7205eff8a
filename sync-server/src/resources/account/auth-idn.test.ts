import { afterAll, beforeAll, expect, it } from 'vitest';
import { PASSWORD, startKit, type Kit } from '../../testing/accounts-kit';

/** An address at an IDN domain is one account however it is typed: Unicode or punycode, any case. */
let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => kit.stop());

it('signs up with info@müller.de and signs in with either spelling of the domain', async () => {
  await kit.signUp('Info@Müller.de');
  const { rows } = await kit.deps.pool.query<{ email: string }>(
    "SELECT email FROM users WHERE email LIKE 'info@%'",
  );
  expect(rows.map((r) => r.email)).toEqual(['info@xn--mller-kva.de']);
  for (const email of ['info@xn--mller-kva.de', 'INFO@MÜLLER.DE', ' info@müller.de ']) {
    const res = await kit.call('POST', '/api/auth/login', { body: { email, password: PASSWORD } });
    expect(res.status, email).toBe(200);
  }
});
