import { z } from 'zod';
import { MAIL_LINK_REFUSALS } from './mail-token';
import { emailSchema, readableText } from '@linkhub/shared/schemas/common';
import { AuthenticationError, ConflictError, RateLimitError } from '@linkhub/shared/errors/app-error';
import { randomUUID } from 'node:crypto';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password-hash';
import { writeAudit } from './audit';
import type { Accounts } from './context';
import { withTransaction, type Queryable } from '@linkhub/shared/server/db/sql';
import { consumeMagicLinkToken, consumeResetToken, consumeVerificationToken } from './email-tokens';
import { identifierHash, networkHash } from './hashing';
import { checkPasswordStrength } from './password-strength';
import {
  clearFailures,
  lockoutRemaining,
  recordAttempt,
  recordFailure,
  type AttemptKind,
  type ThrottleSubject,
} from './login-throttle';
import { createSession, revokeAllSessions, type ClientKind, type SessionRow, CLIENT_KINDS } from './sessions';
import { createChallenge } from './two-factor';
import {
  createUser,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  setPassword,
  type UserRow,
} from './users';
import { billingAccountFor, insertWorkspace } from './workspaces';
import { defaultPlanOf } from '../platform/stripe-env';
import type { PlanKey } from '@linkhub/shared/entitlements/plans';

const passwordLength = z
  .string()
  .min(10, 'must be at least 10 characters')
  .max(256, 'must be at most 256 characters');

function refuseWeak(
  password: string,
  userInputs: readonly string[],
  ctx: z.core.$RefinementCtx,
  path: PropertyKey[],
): void {
  const verdict = checkPasswordStrength(password, userInputs);
  if (!verdict.ok)
    ctx.addIssue({ code: 'custom', message: verdict.message, params: { issue: 'weak_password' }, path });
}

/** A new password (reset, change): long enough and hard to guess (password-strength.ts says why not). */
export const passwordSchema = passwordLength.superRefine((password, ctx) =>
  refuseWeak(password, [], ctx, []),
);
export const clientKindSchema = z.enum(CLIENT_KINDS).default('web');

/** Sign-up: the password is also judged against the address and name typed with it. */
export const signupSchema = z
  .strictObject({
    email: emailSchema,
    password: passwordLength,
    name: readableText(200).min(1),
    client: clientKindSchema,
  })
  .superRefine((v, ctx) => refuseWeak(v.password, [v.email, v.name], ctx, ['password']));
export const loginSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(256),
  client: clientKindSchema,
});

export type SignedIn =
  | { kind: 'session'; token: string; session: SessionRow; user: UserRow }
  | { kind: 'two_factor'; challengeToken: string; user: UserRow };

/** `network`: the client's throttle key (requestNetwork: the address, or its IPv6 /64). */
type Req = { network: string; label: string | null; requestId: string };

/** "12 seconds", "3 minutes": how long a throttled client waits, in words. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

export function subject(
  accounts: Accounts,
  email: string,
  network: string,
  kind: AttemptKind,
): ThrottleSubject {
  return {
    identifierHash: identifierHash(accounts.config.AUTH_SECRET, email),
    networkHash: networkHash(accounts.config.AUTH_SECRET, network),
    kind,
  };
}

/** Thrown to roll back the rehearsal of a sign-up for a taken address. */
class Rehearsal extends Error {}

/** The user, their billing account and personal workspace (they are its Owner), audited. */
async function createAccount(
  tx: Queryable,
  input: { email: string; passwordHash: string; name: string; requestId: string; plan: PlanKey },
): Promise<void> {
  const user = await createUser(tx, {
    email: input.email,
    passwordHash: input.passwordHash,
    name: input.name,
  });
  const account = await billingAccountFor(tx, user.id, input.plan);
  const { workspace } = await insertWorkspace(tx, {
    name: `${input.name}'s workspace`,
    ownerUserId: user.id,
    billingAccountId: account.id,
    plan: account.plan_key,
  });
  await writeAudit(tx, {
    workspaceId: workspace.id,
    actor: { type: 'user', userId: user.id },
    action: 'workspace.created',
    resourceType: 'workspace',
    resourceId: workspace.id,
    after: { name: workspace.name },
    requestId: input.requestId,
  });
}

/**
 * Sign-up (16.9): the same answer, the same work and the same queued job whether or not the address
 * is taken. The password is hashed first; a new address then gets its account in one transaction.
 * For a taken address the same transaction runs for a placeholder address and is rolled back, so
 * the answer takes as long and nothing changes (bench/auth-timing measures both). The account-mail
 * consumer then sends the verification mail, or tells the address's owner that someone tried.
 */
export async function signUp(
  accounts: Accounts,
  input: z.infer<typeof signupSchema>,
  req: Req,
): Promise<void> {
  const { pool } = accounts;
  const passwordHash = await hashPassword(input.password);
  const taken = (await findUserByEmail(pool, input.email)) !== undefined;
  const email = taken ? `signup-rehearsal-${randomUUID()}@rehearsal.invalid` : input.email;
  let created = !taken;
  try {
    await withTransaction(pool, async (tx) => {
      await createAccount(tx, {
        email,
        passwordHash,
        name: input.name,
        requestId: req.requestId,
        plan: defaultPlanOf(accounts.config),
      });
      if (taken) throw new Rehearsal();
    });
  } catch (error) {
    // A concurrent sign-up took the address between the look-up and the insert: answered the same.
    const lostRace = error instanceof ConflictError && error.code === 'email_taken';
    if (!(error instanceof Rehearsal) && !lostRace) throw error;
    created = false;
  }
  await recordAttempt(
    pool,
    subject(accounts, input.email, req.network, 'signup'),
    created ? 'success' : 'failure',
    { reason: created ? null : 'taken' },
  );
  await accounts.mailQueue.enqueue({ kind: 'signup', email: input.email });
}

async function startSession(
  accounts: Accounts,
  user: UserRow,
  client: ClientKind,
  req: Req,
): Promise<SignedIn> {
  if (user.totp_enabled) {
    const challengeToken = await createChallenge(accounts.redis, accounts.config.REDIS_PREFIX, {
      userId: user.id,
      clientKind: client,
      clientLabel: req.label,
    });
    return { kind: 'two_factor', challengeToken, user };
  }
  const { token, session } = await createSession(accounts.pool, {
    userId: user.id,
    clientKind: client,
    clientLabel: req.label,
    twoFactorSatisfied: false,
  });
  return { kind: 'session', token, session, user };
}

/**
 * Password sign-in. Throttled (too many recent failures for this address from this network, or
 * from this network overall) → 429 with Retry-After, checked before the password so a throttled
 * pair cannot probe. The account itself is never locked: the owner elsewhere signs in as usual.
 * Unknown address and wrong password answer the same 401 in the same time.
 */
export async function logIn(
  accounts: Accounts,
  input: z.infer<typeof loginSchema>,
  req: Req,
): Promise<SignedIn> {
  const { pool, redis, config } = accounts;
  const s = subject(accounts, input.email, req.network, 'login');
  const wait = await lockoutRemaining(redis, pool, config.REDIS_PREFIX, s);
  if (wait > 0) {
    await recordAttempt(pool, s, 'locked');
    throw new RateLimitError(wait, {
      message: `Too many failed sign-in attempts. Try again in ${waitText(wait)}.`,
      details: [{ field: 'email', issue: 'throttled', retry_after_seconds: wait }],
    });
  }
  const user = await findUserByEmail(pool, input.email);
  const ok = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok || user.status === 'deleted' || user.status === 'pending_deletion') {
    await recordFailure(redis, pool, config.REDIS_PREFIX, s);
    await recordAttempt(pool, s, 'failure', {
      userId: user?.id ?? null,
      reason: user ? 'wrong_password' : 'unknown_identifier',
    });
    throw new AuthenticationError('invalid_credentials', {
      details: [{ field: 'password', issue: 'invalid_credentials' }],
    });
  }
  await clearFailures(redis, config.REDIS_PREFIX, s);
  await recordAttempt(pool, s, 'success', { userId: user.id });
  return startSession(accounts, user, input.client, req);
}

export async function verifyEmail(accounts: Accounts, token: string): Promise<UserRow> {
  const userId = await consumeVerificationToken(accounts.pool, token);
  if (!userId)
    throw new AuthenticationError('unauthenticated', {
      message: 'This verification link is invalid or has expired. Request a new one.',
      details: [{ field: 'token', issue: 'invalid_or_expired' }],
    });
  await markEmailVerified(accounts.pool, userId);
  const user = await findUserById(accounts.pool, userId);
  if (!user) throw new AuthenticationError('unauthenticated');
  return user;
}

/** A fresh verification mail for a signed-in, unconfirmed account (the consumer applies the per-address allowance). */
export async function resendVerification(accounts: Accounts, user: UserRow): Promise<void> {
  if (user.email_verified_at !== null) return;
  await accounts.mailQueue.enqueue({ kind: 'verification', user_id: user.id });
}

/**
 * A sign-in link or a reset link by e-mail (16.9): the request only enqueues the job, the same for a
 * known and an unknown address; account-mail.ts decides whether anything is sent.
 */
export async function requestMagicLink(accounts: Accounts, email: string): Promise<void> {
  await accounts.mailQueue.enqueue({ kind: 'magic_link', email });
}

export async function requestPasswordReset(accounts: Accounts, email: string): Promise<void> {
  await accounts.mailQueue.enqueue({ kind: 'password_reset', email });
}

/** A magic link signs in (and proves the address, so it also verifies it). */
export async function consumeMagicLink(
  accounts: Accounts,
  token: string,
  client: ClientKind,
  req: Req,
): Promise<SignedIn> {
  const { pool } = accounts;
  const found = await consumeMagicLinkToken(pool, token);
  const user = found?.userId ? await findUserById(pool, found.userId) : undefined;
  if (!found || !user || user.email !== found.email || user.status !== 'active') {
    throw new AuthenticationError('unauthenticated', {
      message: 'This sign-in link is invalid or has expired. Request a new one.',
      details: [{ field: 'token', issue: 'invalid_or_expired' }],
    });
  }
  await markEmailVerified(pool, user.id);
  await recordAttempt(pool, subject(accounts, user.email, req.network, 'magic_link'), 'success', {
    userId: user.id,
  });
  return startSession(
    accounts,
    { ...user, email_verified_at: user.email_verified_at ?? new Date() },
    client,
    req,
  );
}

/** Sets a new password from a reset link; every session of the account ends (a reset means "someone else may be in"). */
export async function confirmPasswordReset(
  accounts: Accounts,
  token: string,
  password: string,
  req: Req,
): Promise<void> {
  await withTransaction(accounts.pool, async (tx) => {
    const userId = await consumeResetToken(tx, token);
    if (!userId)
      throw new AuthenticationError('unauthenticated', {
        message: MAIL_LINK_REFUSALS.reset,
        details: [{ field: 'token', issue: 'invalid_or_expired' }],
      });
    await setPassword(tx, userId, password);
    await markEmailVerified(tx, userId);
    await revokeAllSessions(tx, userId);
    await writeAudit(tx, {
      workspaceId: null,
      actor: { type: 'user', userId },
      action: 'account.password_reset',
      resourceType: 'user',
      resourceId: userId,
      requestId: req.requestId,
    });
  });
}
