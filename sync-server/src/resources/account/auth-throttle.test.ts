import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startKit, type Kit } from '../../testing/accounts-kit';
import { ACCOUNT_FAILURE_CEILING, FREE_FAILURES_PER_PAIR } from '../../identity/login-throttle';
import { CHALLENGE_MAX_CODES } from '../../identity/two-factor';
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
type Err = { error: { code: string; message: string; details: Array<Record<string, unknown>> } };

/** The i-th address of one /64 (a client picking a fresh address per try, as IPv6 lets it). */
const inOne64 = (i: number): string => `2001:db8:aa:1:${(i + 1).toString(16)}::${(i * 7 + 3).toString(16)}`;
/** An address in the i-th of many /64s. */
const inMany64s = (i: number): string => `2001:db8:bb:${(i + 1).toString(16)}::1`;

async function login(email: string, password: string, remoteAddress: string): Promise<Response> {
  return kit.call('POST', '/api/auth/login', { body: { email, password }, remoteAddress });
}

describe('throttles group IPv6 by /64', () => {
  it('refuses wrong passwords from fresh addresses of one /64 with 429 before 25 tries; the owner elsewhere still signs in', async () => {
    await kit.signUp('v6-target@example.com');
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 25 && refused === undefined; i += 1) {
      const r = await login('v6-target@example.com', `wrong-${i}`, inOne64(i));
      statuses.push(r.status);
      if (r.status === 429) refused = r;
    }
    expect(statuses.slice(0, FREE_FAILURES_PER_PAIR)).toEqual(Array(FREE_FAILURES_PER_PAIR).fill(401));
    expect(refused?.status).toBe(429);
    expect(statuses.length).toBeLessThan(25);
    expect(Number(refused?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await kit.json<Err>(refused ?? new Response('{}'))).error.code).toBe('rate_limited');
    // The right password from yet another address of that /64 is refused too (checked before the password).
    expect((await login('v6-target@example.com', PASSWORD, inOne64(99))).status).toBe(429);
    // The owner, on another network (IPv4, or another /64), signs in at once.
    expect((await login('v6-target@example.com', PASSWORD, '198.51.100.20')).status).toBe(200);
    expect((await login('v6-target@example.com', PASSWORD, '2001:db8:aa:2::1')).status).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address it carries', async () => {
    await kit.signUp('mapped@example.com');
    for (let i = 0; i < FREE_FAILURES_PER_PAIR; i += 1)
      expect((await login('mapped@example.com', `wrong-${i}`, '203.0.113.50')).status).toBe(401);
    expect((await login('mapped@example.com', PASSWORD, '::ffff:203.0.113.50')).status).toBe(429);
  });
});

describe('mail-sending auth requests are capped per network', () => {
  let limited: Kit;
  beforeAll(async () => {
    limited = await startKit({}, { AUTH_MAIL_REQUESTS_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await limited.stop();
  });

  it('caps sign-in link requests from one /64, however many addresses it uses', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const r = await limited.call('POST', '/api/auth/magic-link', {
        body: { email: `link-${i}@example.com` },
        remoteAddress: inOne64(100 + i),
      });
      statuses.push(r.status);
      if (r.status === 429) {
        expect(Number(r.headers.get('Retry-After'))).toBeGreaterThan(0);
        expect((await limited.json<Err>(r)).error.code).toBe('rate_limited');
      }
    }
    expect(statuses).toEqual([202, 202, 202, 429, 429, 429]);
    const other = await limited.call('POST', '/api/auth/magic-link', {
      body: { email: 'link-other@example.com' },
      remoteAddress: '2001:db8:cc:1::1',
    });
    expect(other.status).toBe(202);
  });
});

describe('password guesses have a per-account ceiling across networks', () => {
  it('refuses unfamiliar networks once the account has had its ceiling of failures, but never the owner on a network they signed in from', async () => {
    await kit.signUp('ceiling@example.com');
    const home = '198.51.100.77';
    expect((await login('ceiling@example.com', PASSWORD, home)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i += 1)
      statuses.push((await login('ceiling@example.com', `wrong-${i}`, inMany64s(i))).status);
    expect(statuses.slice(0, ACCOUNT_FAILURE_CEILING)).toEqual(Array(ACCOUNT_FAILURE_CEILING).fill(401));
    expect(statuses.slice(ACCOUNT_FAILURE_CEILING)).toEqual(Array(25 - ACCOUNT_FAILURE_CEILING).fill(429));
    // Even the right password from a network the account has never signed in from waits.
    const fresh = await login('ceiling@example.com', PASSWORD, '2001:db8:dd:1::1');
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers.get('Retry-After'))).toBeGreaterThan(60);
    // The owner at home signs in at once; so does an account the attack never touched.
    expect((await login('ceiling@example.com', PASSWORD, home)).status).toBe(200);
    await kit.signUp('bystander@example.com');
    expect((await login('bystander@example.com', PASSWORD, '2001:db8:dd:2::1')).status).toBe(200);
  });
});

async function enrolTotp(email: string): Promise<Buffer> {
  const { token } = await kit.signUp(email);
  const enrol = await kit.json<Env<{ secret: string }>>(await kit.call('POST', '/api/2fa/enrol', { token }));
  const secret = base32Decode(enrol.data.secret);
  const confirm = await kit.call('POST', '/api/2fa/confirm', {
    token,
    body: { code: totpAt(secret, Date.now() / 1000 - 30) },
  });
  expect(confirm.status).toBe(200);
  return secret;
}

async function challenge(email: string, remoteAddress: string): Promise<string> {
  const r = await login(email, PASSWORD, remoteAddress);
  expect(r.status).toBe(200);
  return (await kit.json<Env<{ challenge_token: string }>>(r)).data.challenge_token;
}

function answer(challengeToken: string, code: string, remoteAddress: string): Promise<Response> {
  return kit.call('POST', '/api/auth/2fa/challenge', {
    body: { challenge_token: challengeToken, code },
    remoteAddress,
  });
}

/** A six-digit code that is not the current one (nor its neighbours). */
function wrongCode(secret: Buffer, i: number): string {
  const now = Date.now() / 1000;
  const valid = new Set([-30, 0, 30].map((d) => totpAt(secret, now + d)));
  for (let n = i; ; n += 1) {
    const code = String((n * 7919 + 123456) % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

describe('a 2FA challenge ends after its wrong codes', () => {
  it(`refuses even the right code once a challenge has had ${CHALLENGE_MAX_CODES} wrong ones, from any networks; a new sign-in works`, async () => {
    const secret = await enrolTotp('challenge-dies@example.com');
    const token = await challenge('challenge-dies@example.com', '198.51.100.90');
    for (let i = 0; i < CHALLENGE_MAX_CODES; i += 1) {
      const r = await answer(token, wrongCode(secret, i), inMany64s(200 + i));
      expect(r.status).toBe(401);
      const issue = (await kit.json<Err>(r)).error.details[0]?.issue;
      expect(issue).toBe(i === CHALLENGE_MAX_CODES - 1 ? 'too_many_attempts' : 'invalid_credentials');
    }
    const right = await answer(token, totpAt(secret, Date.now() / 1000), '198.51.100.90');
    expect(right.status).toBe(401);
    expect(right.headers.get('set-cookie')).toBeNull();
    // Signing in again gives a fresh challenge, which the right code answers.
    const again = await challenge('challenge-dies@example.com', '198.51.100.90');
    const ok = await answer(again, totpAt(secret, Date.now() / 1000), '198.51.100.90');
    expect(ok.status).toBe(200);
  });

  it('throttles wrong codes from one /64 across challenges with 429 + Retry-After', async () => {
    const secret = await enrolTotp('totp-v6@example.com');
    const statuses: number[] = [];
    let n = 0;
    for (let round = 0; round < 3; round += 1) {
      const token = await challenge('totp-v6@example.com', inOne64(300 + round));
      for (let i = 0; i < 3; i += 1, n += 1)
        statuses.push((await answer(token, wrongCode(secret, n), inOne64(310 + n))).status);
    }
    expect(statuses.slice(0, FREE_FAILURES_PER_PAIR)).toEqual(Array(FREE_FAILURES_PER_PAIR).fill(401));
    expect(statuses[FREE_FAILURES_PER_PAIR]).toBe(429);
  });
});
