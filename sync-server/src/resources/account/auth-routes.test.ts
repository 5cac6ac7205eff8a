import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startKit, type Kit } from '../../testing/accounts-kit';
import { FREE_FAILURES_PER_PAIR } from '../../identity/login-throttle';
import { totpAt } from '../../identity/totp';
import { base32Decode } from '../../identity/base32';

let kit: Kit;
beforeAll(async () => {
  kit = await startKit();
});
afterAll(async () => {
  await kit.stop();
});

type Env<T> = { data: T };
type Err = {
  error: { code: string; message: string; details: Array<Record<string, unknown>>; request_id: string };
};

describe('sign-up, sign-in, sessions', () => {
  it('signs up (202 "check your email", a personal workspace, a verification mail linking to the PWA origin); the password then signs in', async () => {
    const res = await kit.call('POST', '/api/auth/signup', {
      body: { email: 'Maya@Example.com', password: PASSWORD, name: 'Maya' },
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await kit.json<Env<{ status: string }>>(res)).data.status).toBe('check_your_email');

    const login = await kit.call('POST', '/api/auth/login', {
      body: { email: 'maya@example.com', password: PASSWORD },
    });
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^lh_session=lhs_/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // plain-http localhost
    expect(
      (await kit.json<Env<{ user: { email: string; email_verified: boolean } }>>(login)).data.user,
    ).toMatchObject({ email: 'maya@example.com', email_verified: false });

    const me = await kit.json<
      Env<{ user: { email: string }; workspaces: Array<{ role: string; name: string }> }>
    >(await kit.call('GET', '/api/me', { headers: { Cookie: cookie.split(';')[0] ?? '' } }));
    expect(me.data.user.email).toBe('maya@example.com');
    expect(me.data.workspaces).toEqual([
      expect.objectContaining({ role: 'owner', name: "Maya's workspace" }),
    ]);

    const token = await kit.tokenFromMail('maya@example.com', 'Verify');
    const verified = await kit.call('POST', '/api/auth/verify-email', { body: { token } });
    expect(verified.status).toBe(200);
    expect(
      (await kit.json<Env<{ user: { email_verified: boolean } }>>(verified)).data.user.email_verified,
    ).toBe(true);
    const again = await kit.call('POST', '/api/auth/verify-email', { body: { token } });
    expect(again.status).toBe(401); // single use
  });

  it('refuses a weak password (400, per field, saying why), changing nothing; ten spaces are weak', async () => {
    for (const password of ['          ', 'password1234', 'weak@example.com1']) {
      const weak = await kit.call('POST', '/api/auth/signup', {
        body: { email: 'weak@example.com', password, name: 'W' },
      });
      expect(weak.status).toBe(400);
      const err = await kit.json<Err>(weak);
      expect(err.error.code).toBe('validation_failed');
      expect(err.error.details).toEqual([
        expect.objectContaining({
          field: 'password',
          issue: 'weak_password',
          message: expect.stringMatching(/^This password is too easy to guess\. \S/),
        }),
      ]);
    }
    const { rows } = await kit.deps.pool.query("SELECT 1 FROM users WHERE email = 'weak@example.com'");
    expect(rows).toHaveLength(0);
  });

  it('logs in with the password (200 {token,user} + cookie) and the bearer token works like the cookie', async () => {
    const res = await kit.call('POST', '/api/auth/login', {
      body: { email: '  MAYA@example.com ', password: PASSWORD, client: 'desktop' },
    });
    expect(res.status).toBe(200);
    const body = await kit.json<Env<{ token: string; user: { email: string } }>>(res);
    expect(body.data.token).toMatch(/^lhs_/);
    expect(res.headers.get('set-cookie')).toContain(`lh_session=${body.data.token}`);
    const me = await kit.call('GET', '/api/me', { token: body.data.token });
    expect(me.status).toBe(200);
    const { rows } = await kit.deps.pool.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.some((r) => r.token_hash.includes(body.data.token))).toBe(false);
  });

  it('answers a wrong password and an unknown address with the same 401 invalid_credentials', async () => {
    const wrong = await kit.call('POST', '/api/auth/login', {
      body: { email: 'maya@example.com', password: 'not the password' },
      headers: { 'X-Request-Id': 'req_same_request_id' },
    });
    const unknown = await kit.call('POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: 'not the password' },
      headers: { 'X-Request-Id': 'req_same_request_id' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.text()).toBe(await unknown.text());
  });

  it('throttles a network that keeps failing (429 + Retry-After, growing), never the owner on another network; attempts are recorded', async () => {
    await kit.signUp('target@example.com');
    const attacker = '203.0.113.7';
    const owner = '198.51.100.20';
    for (let i = 0; i < FREE_FAILURES_PER_PAIR; i += 1) {
      const r = await kit.call('POST', '/api/auth/login', {
        body: { email: 'target@example.com', password: `wrong-${i}` },
        remoteAddress: attacker,
      });
      expect(r.status).toBe(401);
    }
    const throttled = await kit.call('POST', '/api/auth/login', {
      body: { email: 'target@example.com', password: PASSWORD },
      remoteAddress: attacker,
    });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0);
    const err = await kit.json<Err>(throttled);
    expect(err.error.code).toBe('rate_limited');
    expect(err.error.message).toMatch(/Try again in \d+ seconds?\./);
    // The owner, elsewhere, signs in with the right password at once.
    expect(
      (
        await kit.call('POST', '/api/auth/login', {
          body: { email: 'target@example.com', password: PASSWORD },
          remoteAddress: owner,
        })
      ).status,
    ).toBe(200);
    const { rows } = await kit.deps.pool.query<{ outcome: string; n: string }>(
      "SELECT outcome, count(*) AS n FROM auth_attempts WHERE kind = 'login' AND user_id = (SELECT id FROM users WHERE email = 'target@example.com') GROUP BY outcome",
    );
    expect(Object.fromEntries(rows.map((r) => [r.outcome, Number(r.n)]))).toMatchObject({
      failure: FREE_FAILURES_PER_PAIR,
    });
    // The durable record is the fallback: with the Redis counters gone, the attacker's wait still holds.
    const keys = await kit.deps.redis.keys(`${kit.deps.config.REDIS_PREFIX}rl:login:*`);
    if (keys.length > 0) await kit.deps.redis.del(...keys);
    const still = await kit.call('POST', '/api/auth/login', {
      body: { email: 'target@example.com', password: PASSWORD },
      remoteAddress: attacker,
    });
    expect(still.status).toBe(429);
  });

  it('lists sessions, revokes one, and logout / logout-everywhere end sessions', async () => {
    const { token } = await kit.signUp('sessions@example.com');
    const second = await kit.json<Env<{ token: string }>>(
      await kit.call('POST', '/api/auth/login', {
        body: { email: 'sessions@example.com', password: PASSWORD },
      }),
    );
    const list = await kit.json<Env<Array<{ id: string; current: boolean }>>>(
      await kit.call('GET', '/api/sessions', { token }),
    );
    expect(list.data).toHaveLength(2);
    const other = list.data.find((s) => !s.current);
    expect(other).toBeDefined();
    expect((await kit.call('DELETE', `/api/sessions/${other?.id}`, { token })).status).toBe(200);
    expect((await kit.call('GET', '/api/me', { token: second.data.token })).status).toBe(401);

    const third = await kit.json<Env<{ token: string }>>(
      await kit.call('POST', '/api/auth/login', {
        body: { email: 'sessions@example.com', password: PASSWORD },
      }),
    );
    const out = await kit.call('POST', '/api/auth/logout', { token: third.data.token });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/lh_session=;/);
    expect((await kit.call('GET', '/api/me', { token: third.data.token })).status).toBe(401);

    const all = await kit.json<Env<{ revoked: number }>>(
      await kit.call('POST', '/api/auth/logout-all', { token }),
    );
    expect(all.data.revoked).toBe(1);
    expect((await kit.call('GET', '/api/me', { token })).status).toBe(401);
  });

  it('expires a session past its rolling window and past its absolute cap', async () => {
    const { token } = await kit.signUp('expiry@example.com');
    expect((await kit.call('GET', '/api/me', { token })).status).toBe(200);
    await kit.deps.pool.query(
      "UPDATE sessions SET rolling_expires_at = now() - interval '1 second', absolute_expires_at = now() + interval '1 day' WHERE user_id = (SELECT id FROM users WHERE email = 'expiry@example.com')",
    );
    expect((await kit.call('GET', '/api/me', { token })).status).toBe(401);
  });
});

describe('changing the password', () => {
  it('needs the current password, then ends every other session', async () => {
    const { token } = await kit.signUp('change@example.com');
    const other = await kit.json<Env<{ token: string }>>(
      await kit.call('POST', '/api/auth/login', {
        body: { email: 'change@example.com', password: PASSWORD },
      }),
    );
    const wrong = await kit.call('POST', '/api/me/password', {
      token,
      body: { current_password: 'nope', new_password: 'a fresh long passphrase' },
    });
    expect(wrong.status).toBe(401);
    const ok = await kit.call('POST', '/api/me/password', {
      token,
      body: { current_password: PASSWORD, new_password: 'a fresh long passphrase' },
    });
    expect(ok.status).toBe(200);
    expect((await kit.json<Env<{ other_sessions_ended: number }>>(ok)).data.other_sessions_ended).toBe(1);
    expect((await kit.call('GET', '/api/me', { token })).status).toBe(200);
    expect((await kit.call('GET', '/api/me', { token: other.data.token })).status).toBe(401);
    expect(
      (
        await kit.call('POST', '/api/auth/login', {
          body: { email: 'change@example.com', password: 'a fresh long passphrase' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('changing the password: throttled and judged', () => {
  it('throttles wrong current passwords like wrong sign-in passwords (429 + Retry-After), then refuses a weak new one saying why', async () => {
    const { token } = await kit.signUp('change-throttle@example.com');
    const from = '192.0.2.44';
    for (let i = 0; i < FREE_FAILURES_PER_PAIR; i += 1) {
      const wrong = await kit.call('POST', '/api/me/password', {
        token,
        remoteAddress: from,
        body: { current_password: `nope-${i}`, new_password: 'a fresh long passphrase' },
      });
      expect(wrong.status).toBe(401);
    }
    const throttled = await kit.call('POST', '/api/me/password', {
      token,
      remoteAddress: from,
      body: { current_password: PASSWORD, new_password: 'a fresh long passphrase' },
    });
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await kit.json<Err>(throttled)).error.code).toBe('rate_limited');

    const weak = await kit.call('POST', '/api/me/password', {
      token,
      remoteAddress: '192.0.2.45',
      body: { current_password: PASSWORD, new_password: '          ' },
    });
    expect(weak.status).toBe(400);
    expect((await kit.json<Err>(weak)).error.details).toEqual([
      expect.objectContaining({
        field: 'new_password',
        issue: 'weak_password',
        message: expect.stringContaining('Repeated characters'),
      }),
    ]);
    const ok = await kit.call('POST', '/api/me/password', {
      token,
      remoteAddress: '192.0.2.45',
      body: { current_password: PASSWORD, new_password: 'a fresh long passphrase' },
    });
    expect(ok.status).toBe(200);
  });

  it('a reset refuses a weak new password, and the link still works for a strong one', async () => {
    await kit.signUp('reset-weak@example.com');
    await kit.call('POST', '/api/auth/password-reset', { body: { email: 'reset-weak@example.com' } });
    const token = await kit.tokenFromMail('reset-weak@example.com', 'Reset');
    const weak = await kit.call('POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'password1234' },
    });
    expect(weak.status).toBe(400);
    expect((await kit.json<Err>(weak)).error.details).toEqual([
      expect.objectContaining({ field: 'password', issue: 'weak_password' }),
    ]);
    expect(
      (
        await kit.call('POST', '/api/auth/password-reset/confirm', {
          body: { token, password: 'a brand new passphrase' },
        })
      ).status,
    ).toBe(200);
  });
});

describe('magic link and password reset', () => {
  it('signs in by magic link (single use) and answers unknown addresses the same', async () => {
    await kit.signUp('magic@example.com', { verify: false });
    const sent = await kit.call('POST', '/api/auth/magic-link', { body: { email: 'magic@example.com' } });
    const unknown = await kit.call('POST', '/api/auth/magic-link', { body: { email: 'ghost@example.com' } });
    expect(sent.status).toBe(202);
    expect(await unknown.text()).toBe(await sent.clone().text());
    const token = await kit.tokenFromMail('magic@example.com', 'sign-in link');
    const res = await kit.call('POST', '/api/auth/magic-link/consume', { body: { token } });
    expect(res.status).toBe(200);
    const body = await kit.json<Env<{ token: string; user: { email_verified: boolean } }>>(res);
    expect(body.data.user.email_verified).toBe(true);
    expect((await kit.call('POST', '/api/auth/magic-link/consume', { body: { token } })).status).toBe(401);
  });

  it('resets a password from the e-mailed link: old password refused, every session ended', async () => {
    const { token: session } = await kit.signUp('reset@example.com');
    expect(
      (await kit.call('POST', '/api/auth/password-reset', { body: { email: 'reset@example.com' } })).status,
    ).toBe(202);
    const token = await kit.tokenFromMail('reset@example.com', 'Reset');
    const res = await kit.call('POST', '/api/auth/password-reset/confirm', {
      body: { token, password: 'a brand new passphrase' },
    });
    expect(res.status).toBe(200);
    expect((await kit.call('GET', '/api/me', { token: session })).status).toBe(401);
    expect(
      (
        await kit.call('POST', '/api/auth/login', {
          body: { email: 'reset@example.com', password: PASSWORD },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await kit.call('POST', '/api/auth/login', {
          body: { email: 'reset@example.com', password: 'a brand new passphrase' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await kit.call('POST', '/api/auth/password-reset/confirm', {
          body: { token, password: 'another passphrase!' },
        })
      ).status,
    ).toBe(401);
    // Requests beyond 5 per 15 minutes answer the same but send nothing (no inbox flooding).
    for (let i = 0; i < 6; i += 1)
      expect(
        (await kit.call('POST', '/api/auth/password-reset', { body: { email: 'reset@example.com' } })).status,
      ).toBe(202);
    await kit.drainMail();
    const resets = kit.smtp.messages.filter(
      (m) => m.to.includes('reset@example.com') && m.subject.includes('Reset'),
    );
    expect(resets).toHaveLength(5);
  });
});

describe('two-factor authentication', () => {
  it('enrols with a code, then sign-in needs the second factor; a code cannot be replayed; recovery codes work once', async () => {
    const { token } = await kit.signUp('totp@example.com');
    const enrol = await kit.json<Env<{ otpauth_url: string; secret: string; qr_svg: string }>>(
      await kit.call('POST', '/api/2fa/enrol', { token }),
    );
    expect(enrol.data.otpauth_url).toMatch(/^otpauth:\/\/totp\/LinkHub(:|%3A)totp%40example\.com\?/);
    expect(new URL(enrol.data.otpauth_url).searchParams.get('secret')).toBe(enrol.data.secret);
    expect(enrol.data.qr_svg).toContain('<svg');
    const secret = base32Decode(enrol.data.secret);
    const now = Date.now() / 1000;
    const wrong = await kit.call('POST', '/api/2fa/confirm', {
      token,
      body: { code: totpAt(secret, now - 600) },
    });
    expect(wrong.status).toBe(401);
    const confirm = await kit.call('POST', '/api/2fa/confirm', {
      token,
      body: { code: totpAt(secret, now) },
    });
    expect(confirm.status).toBe(200);
    const codes = (await kit.json<Env<{ recovery_codes: string[] }>>(confirm)).data.recovery_codes;
    expect(codes).toHaveLength(10);
    const stored = await kit.deps.pool.query<{ secret_ciphertext: string }>(
      'SELECT secret_ciphertext FROM totp_secrets',
    );
    expect(stored.rows.every((r) => !r.secret_ciphertext.includes(enrol.data.secret))).toBe(true);

    const login = await kit.json<
      Env<{ two_factor_required: boolean; challenge_token: string; token?: string }>
    >(await kit.call('POST', '/api/auth/login', { body: { email: 'totp@example.com', password: PASSWORD } }));
    expect(login.data.two_factor_required).toBe(true);
    expect(login.data.token).toBeUndefined();
    // The code that confirmed enrolment was spent: replaying it is refused.
    const replay = await kit.call('POST', '/api/auth/2fa/challenge', {
      body: { challenge_token: login.data.challenge_token, code: totpAt(secret, now) },
    });
    expect(replay.status).toBe(401);
    const next = await kit.call('POST', '/api/auth/2fa/challenge', {
      body: { challenge_token: login.data.challenge_token, code: totpAt(secret, now + 30) },
    });
    expect(next.status).toBe(200);
    expect((await kit.json<Env<{ token: string }>>(next)).data.token).toMatch(/^lhs_/);

    const login2 = await kit.json<Env<{ challenge_token: string }>>(
      await kit.call('POST', '/api/auth/login', { body: { email: 'totp@example.com', password: PASSWORD } }),
    );
    const byRecovery = await kit.call('POST', '/api/auth/2fa/challenge', {
      body: { challenge_token: login2.data.challenge_token, recovery_code: codes[0] },
    });
    expect(byRecovery.status).toBe(200);
    const login3 = await kit.json<Env<{ challenge_token: string }>>(
      await kit.call('POST', '/api/auth/login', { body: { email: 'totp@example.com', password: PASSWORD } }),
    );
    expect(
      (
        await kit.call('POST', '/api/auth/2fa/challenge', {
          body: { challenge_token: login3.data.challenge_token, recovery_code: codes[0] },
        })
      ).status,
    ).toBe(401);
  });
});
