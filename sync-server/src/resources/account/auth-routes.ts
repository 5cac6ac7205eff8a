import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { AppError, AuthenticationError, RateLimitError } from '@linkhub/shared/errors/app-error';
import type { AppEnv } from '../../http/app-env';
import type { AppDeps } from '../../http/app-deps';
import type { Accounts } from '../../identity/context';
import {
  clearSessionCookie,
  clientLabel,
  parseBody,
  requestNetwork,
  setSessionCookie,
} from '../../http/session-context';
import { emailSchema } from '@linkhub/shared/schemas/common';
import {
  clientKindSchema,
  confirmPasswordReset,
  consumeMagicLink,
  logIn,
  loginSchema,
  passwordSchema,
  requestMagicLink,
  requestPasswordReset,
  resendVerification,
  signUp,
  signupSchema,
  verifyEmail,
  waitText,
  type SignedIn,
} from '../../identity/auth-flows';
import { publicUser } from '../../identity/users';
import { devMailOutbox } from '../../identity/dev-mail-outbox';
import { appPage } from '../../identity/app-links';
import { MAIL_LINK_REFUSALS, mailTokenSchema } from '../../identity/mail-token';
import {
  createSession,
  markReauthenticated,
  revokeAllSessions,
  revokeSession,
} from '../../identity/sessions';
import {
  checkTotp,
  consumeChallenge,
  endChallengeIfSpent,
  peekChallenge,
  redeemRecoveryCode,
  takeChallengeTry,
} from '../../identity/two-factor';
import { findUserById } from '../../identity/users';
import { identifierHash, networkHash } from '../../identity/hashing';
import { lockoutRemaining, recordAttempt, recordFailure, clearFailures } from '../../identity/login-throttle';
import { verifyPassword } from '../../identity/password-hash';
import { rateLimitKey } from '@linkhub/shared/cache/keys';
import { hitWindow } from '../../http/rate-limit';
import { requireUser } from '../../http/session';

const tokenSchema = z.strictObject({
  token: mailTokenSchema(MAIL_LINK_REFUSALS.emailLink),
  client: clientKindSchema,
});
const emailOnly = z.strictObject({ email: emailSchema });
/** A mail link's query: its token, whatever a mail client or scanner appended (`utm_*`, `fbclid`). */
const mailLinkSchema = z.object({ token: mailTokenSchema(MAIL_LINK_REFUSALS.emailLink) });

function mailLinkToken(c: Context<AppEnv>): string | null {
  const parsed = mailLinkSchema.safeParse(c.req.query());
  return parsed.success ? parsed.data.token : null;
}

/** The flow's result, or false when it refused the token (unknown, used, expired); other failures still throw. */
async function refusedAsFalse<T>(flow: Promise<T>): Promise<T | false> {
  try {
    return await flow;
  } catch (err) {
    if (err instanceof AppError) return false;
    throw err;
  }
}
const resetConfirm = z.strictObject({
  token: mailTokenSchema(MAIL_LINK_REFUSALS.reset),
  password: passwordSchema,
});
/** A challenge whose tries are used up: the sign-in is over, even for the right code. */
const CHALLENGE_SPENT = (): AuthenticationError =>
  new AuthenticationError('unauthenticated', {
    message: 'Too many wrong codes: this sign-in has ended. Sign in again.',
    details: [{ field: 'challenge_token', issue: 'too_many_attempts' }],
  });
const challengeSchema = z
  .strictObject({
    challenge_token: z.string().min(10).max(200),
    code: z.string().min(6).max(10).optional(),
    recovery_code: z.string().min(8).max(40).optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
    message: 'send exactly one of code or recovery_code',
    path: ['code'],
  });

function req(
  c: Context<AppEnv>,
  accounts: Accounts,
): { network: string; label: string | null; requestId: string } {
  return { network: requestNetwork(c, accounts), label: clientLabel(c), requestId: c.get('requestId') };
}

/** The response of every sign-in path: the session (token + cookie), or the 2FA challenge to answer next. */
function signedIn(c: Context<AppEnv>, accounts: Accounts, result: SignedIn): Response {
  if (result.kind === 'two_factor') {
    return c.json({ data: { two_factor_required: true, challenge_token: result.challengeToken } }, 200);
  }
  setSessionCookie(c, accounts, result.token);
  return c.json(
    {
      data: {
        token: result.token,
        user: publicUser(result.user),
        session: { id: result.session.id, absolute_expires_at: result.session.absolute_expires_at },
      },
    },
    200,
  );
}

/**
 * One more mail-sending request (sign-up, sign-in link, reset link) from this client's network
 * within AUTH_MAIL_REQUESTS_PER_MINUTE, or 429 rate_limited with Retry-After. */
async function takeMailRequest(c: Context<AppEnv>, deps: AppDeps, door: string): Promise<void> {
  const network = networkHash(deps.accounts.config.AUTH_SECRET, requestNetwork(c, deps.accounts));
  const key = rateLimitKey(deps.config.REDIS_PREFIX, `auth-${door}`, network.toString('hex'));
  const hit = await hitWindow(deps, key, deps.config.AUTH_MAIL_REQUESTS_PER_MINUTE).catch(() => null);
  if (hit && !hit.admitted)
    throw new RateLimitError(Math.max(1, Math.ceil(hit.resetMs / 1000)), {
      message: 'Too many requests from your network. Try again in a minute.',
    });
}

/** `/api/auth/*`: sign-up, sign-in (password, magic link, second factor), e-mail verification, reset, sign-out. */
export function authRoutes(deps: AppDeps): Hono<AppEnv> {
  const accounts = deps.accounts;
  const app = new Hono<AppEnv>();

  // Public: what the sign-in screens need to know about this server before anyone signs in.
  app.get('/config', (c) => c.json({ data: { dev_mail_outbox: devMailOutbox(deps.config) } }, 200));

  // The same 202 for a new and a taken address (16.9); the client then signs in with what it chose.
  app.post('/signup', async (c) => {
    const input = await parseBody(c, signupSchema);
    await takeMailRequest(c, deps, 'signup');
    await signUp(accounts, input, req(c, accounts));
    return c.json(
      {
        data: {
          status: 'check_your_email',
          email: input.email,
          message: 'Check your email: we sent a link to confirm your address.',
        },
      },
      202,
    );
  });

  app.post('/login', async (c) =>
    signedIn(c, accounts, await logIn(accounts, await parseBody(c, loginSchema), req(c, accounts))),
  );

  app.post('/2fa/challenge', async (c) => {
    const input = await parseBody(c, challengeSchema);
    const prefix = deps.config.REDIS_PREFIX;
    const pending = await peekChallenge(deps.redis, prefix, input.challenge_token);
    if (!pending)
      throw new AuthenticationError('unauthenticated', {
        message: 'This sign-in has expired. Sign in again.',
        details: [{ field: 'challenge_token', issue: 'invalid_or_expired' }],
      });
    const user = await findUserById(deps.pool, pending.userId);
    if (!user) throw new AuthenticationError('unauthenticated');
    const kind = input.code !== undefined ? 'totp' : 'recovery_code';
    const s = {
      identifierHash: identifierHash(accounts.config.AUTH_SECRET, user.id),
      networkHash: networkHash(accounts.config.AUTH_SECRET, requestNetwork(c, accounts)),
      kind,
    } as const;
    const wait = await lockoutRemaining(deps.redis, deps.pool, prefix, s);
    if (wait > 0)
      throw new RateLimitError(wait, {
        message: `Too many wrong codes. Try again in ${waitText(wait)}.`,
        details: [{ field: 'code', issue: 'throttled', retry_after_seconds: wait }],
      });
    // A challenge takes CHALLENGE_MAX_CODES codes at most, wherever they come from (D-485).
    if (!(await takeChallengeTry(deps.redis, prefix, input.challenge_token))) throw CHALLENGE_SPENT();
    const ok =
      input.code !== undefined
        ? (await checkTotp(deps.pool, accounts.box, user.id, input.code, true)).ok
        : await redeemRecoveryCode(deps.pool, user.id, input.recovery_code ?? '');
    if (!ok) {
      await recordFailure(deps.redis, deps.pool, prefix, s);
      await recordAttempt(deps.pool, s, 'failure', { userId: user.id });
      const spent = await endChallengeIfSpent(deps.redis, prefix, input.challenge_token);
      throw new AuthenticationError('invalid_credentials', {
        message: spent
          ? 'The code is incorrect, and that was the last try: sign in again.'
          : 'The code is incorrect.',
        details: [
          {
            field: input.code !== undefined ? 'code' : 'recovery_code',
            issue: spent ? 'too_many_attempts' : 'invalid_credentials',
          },
        ],
      });
    }
    if (!(await consumeChallenge(deps.redis, prefix, input.challenge_token)))
      throw new AuthenticationError('unauthenticated');
    await clearFailures(deps.redis, prefix, s);
    await recordAttempt(deps.pool, s, 'success', { userId: user.id });
    const { token, session } = await createSession(deps.pool, {
      userId: user.id,
      clientKind: pending.clientKind,
      clientLabel: pending.clientLabel,
      twoFactorSatisfied: true,
    });
    return signedIn(c, accounts, { kind: 'session', token, session, user });
  });

  app.post('/logout', async (c) => {
    const me = await requireUser(c, deps);
    await revokeSession(deps.pool, me.user.id, me.session.id);
    clearSessionCookie(c, accounts);
    return c.json({ data: { signed_out: true } }, 200);
  });

  app.post('/logout-all', async (c) => {
    const me = await requireUser(c, deps);
    const revoked = await revokeAllSessions(deps.pool, me.user.id);
    clearSessionCookie(c, accounts);
    return c.json({ data: { revoked } }, 200);
  });

  app.post('/reauthenticate', async (c) => {
    const me = await requireUser(c, deps);
    const { password } = await parseBody(c, z.strictObject({ password: z.string().min(1).max(256) }));
    const s = {
      identifierHash: identifierHash(accounts.config.AUTH_SECRET, me.user.email),
      networkHash: networkHash(accounts.config.AUTH_SECRET, requestNetwork(c, accounts)),
      kind: 'login',
    } as const;
    const wait = await lockoutRemaining(deps.redis, deps.pool, deps.config.REDIS_PREFIX, s);
    if (wait > 0)
      throw new RateLimitError(wait, {
        message: `Too many wrong passwords. Try again in ${waitText(wait)}.`,
      });
    if (!me.user.password_hash || !(await verifyPassword(me.user.password_hash, password))) {
      await recordFailure(deps.redis, deps.pool, deps.config.REDIS_PREFIX, s);
      await recordAttempt(deps.pool, s, 'failure', { userId: me.user.id, reason: 'reauthenticate' });
      throw new AuthenticationError('invalid_credentials', {
        details: [{ field: 'password', issue: 'invalid_credentials' }],
      });
    }
    await markReauthenticated(deps.pool, me.session.id);
    return c.json({ data: { reauthenticated: true } }, 200);
  });

  app.post('/verify-email', async (c) => {
    const { token } = await parseBody(c, tokenSchema);
    return c.json({ data: { user: publicUser(await verifyEmail(accounts, token)) } }, 200);
  });
  // The link in the e-mail: verify, then land on the app; a link that cannot be used (clicked twice,
  // expired, cut short by a mail client) lands there too, with the reason, never on a JSON error.
  app.get('/verify-email', async (c) => {
    const token = mailLinkToken(c);
    const verified = token !== null && (await refusedAsFalse(verifyEmail(accounts, token)));
    return c.redirect(
      appPage(accounts.appUrl, verified ? '/?email_verified=1' : '/?email_link=unusable'),
      302,
    );
  });
  app.post('/verify-email/resend', async (c) => {
    const me = await requireUser(c, deps);
    await resendVerification(accounts, me.user);
    return c.json({ data: { sent: me.user.email_verified_at === null } }, 202);
  });

  app.post('/magic-link', async (c) => {
    const { email } = await parseBody(c, emailOnly);
    await takeMailRequest(c, deps, 'magic-link');
    await requestMagicLink(accounts, email);
    return c.json({ data: { sent: true } }, 202);
  });
  app.post('/magic-link/consume', async (c) => {
    const { token, client } = await parseBody(c, tokenSchema);
    return signedIn(c, accounts, await consumeMagicLink(accounts, token, client, req(c, accounts)));
  });
  app.get('/magic-link/consume', async (c) => {
    const token = mailLinkToken(c);
    const result =
      token === null
        ? false
        : await refusedAsFalse(consumeMagicLink(accounts, token, 'web', req(c, accounts)));
    if (result === false) return c.redirect(appPage(accounts.appUrl, '/?sign_in_link=unusable'), 302);
    if (result.kind === 'session') setSessionCookie(c, accounts, result.token);
    const next =
      result.kind === 'session' ? '/' : `/?two_factor_challenge=${encodeURIComponent(result.challengeToken)}`;
    return c.redirect(appPage(accounts.appUrl, next), 302);
  });

  app.post('/password-reset', async (c) => {
    const { email } = await parseBody(c, emailOnly);
    await takeMailRequest(c, deps, 'password-reset');
    await requestPasswordReset(accounts, email);
    return c.json({ data: { sent: true } }, 202);
  });
  app.post('/password-reset/confirm', async (c) => {
    const { token, password } = await parseBody(c, resetConfirm);
    await confirmPasswordReset(accounts, token, password, req(c, accounts));
    clearSessionCookie(c, accounts);
    return c.json({ data: { password_changed: true } }, 200);
  });

  return app;
}
