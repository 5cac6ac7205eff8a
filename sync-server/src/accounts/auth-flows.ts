import { z } from 'zod';
import { AuthenticationError, RateLimitError } from '@linkhub/shared/errors/app-error';
import { verifyAgainstDummy, verifyPassword } from '../auth/password-hash';
import { magicLinkEmail, passwordResetEmail, verificationEmail } from '../mail/templates';
import { writeAudit } from './audit';
import type { Accounts } from './context';
import { withTransaction } from './db';
import {
  consumeMagicLinkToken,
  consumeResetToken,
  consumeVerificationToken,
  issueMagicLinkToken,
  issueResetToken,
  issueVerificationToken,
  recentMagicLinks,
  recentTokens,
} from './email-tokens';
import { identifierHash, networkHash } from './hashing';
import { clearFailures, lockoutRemaining, recordAttempt, recordFailure, type AttemptKind, type ThrottleSubject } from './login-throttle';
import { createSession, revokeAllSessions, type ClientKind, type SessionRow, CLIENT_KINDS } from './sessions';
import { createChallenge } from './two-factor';
import { createUser, findUserByEmail, findUserById, markEmailVerified, setPassword, type UserRow } from './users';
import { billingAccountFor, insertWorkspace, type WorkspaceRow } from './workspaces';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('must be an email address').max(320));
export const passwordSchema = z.string().min(10, 'must be at least 10 characters').max(256, 'must be at most 256 characters');
export const clientKindSchema = z.enum(CLIENT_KINDS).default('web');

export const signupSchema = z.strictObject({ email: emailSchema, password: passwordSchema, name: z.string().trim().min(1).max(200), client: clientKindSchema });
export const loginSchema = z.strictObject({ email: emailSchema, password: z.string().min(1).max(256), client: clientKindSchema });

export type SignedIn = { kind: 'session'; token: string; session: SessionRow; user: UserRow } | { kind: 'two_factor'; challengeToken: string; user: UserRow };

type Req = { ip: string; label: string | null; requestId: string };

function subject(accounts: Accounts, email: string, ip: string, kind: AttemptKind): ThrottleSubject {
  return { identifierHash: identifierHash(accounts.config.AUTH_SECRET, email), networkHash: networkHash(accounts.config.AUTH_SECRET, ip), kind };
}

function link(accounts: Accounts, path: string, token: string): string {
  return `${accounts.publicUrl}${path}?token=${encodeURIComponent(token)}`;
}

async function sendVerification(accounts: Accounts, user: UserRow): Promise<void> {
  const token = await issueVerificationToken(accounts.deps.pool, user.id, user.email);
  await accounts.mailer.send(verificationEmail(user.email, link(accounts, '/api/auth/verify-email', token)));
}

/** Sign-up: the user, their billing account and personal workspace (they are its Owner), then the verification e-mail. */
export async function signUp(accounts: Accounts, input: z.infer<typeof signupSchema>, req: Req): Promise<{ user: UserRow; workspace: WorkspaceRow; token: string; session: SessionRow }> {
  const result = await withTransaction(accounts.deps.pool, async (tx) => {
    const user = await createUser(tx, { email: input.email, password: input.password, name: input.name });
    const account = await billingAccountFor(tx, user.id);
    const { workspace } = await insertWorkspace(tx, { name: `${input.name}'s workspace`, ownerUserId: user.id, billingAccountId: account.id, plan: account.plan_key });
    await writeAudit(tx, { workspaceId: workspace.id, actor: { type: 'user', userId: user.id }, action: 'workspace.created', resourceType: 'workspace', resourceId: workspace.id, after: { name: workspace.name }, requestId: req.requestId });
    const { token, session } = await createSession(tx, { userId: user.id, clientKind: input.client, clientLabel: req.label, twoFactorSatisfied: false });
    return { user, workspace, token, session };
  });
  await recordAttempt(accounts.deps.pool, subject(accounts, input.email, req.ip, 'signup'), 'success', { userId: result.user.id });
  await sendVerification(accounts, result.user);
  return result;
}

async function startSession(accounts: Accounts, user: UserRow, client: ClientKind, req: Req): Promise<SignedIn> {
  if (user.totp_enabled) {
    const challengeToken = await createChallenge(accounts.deps.redis, accounts.deps.config.REDIS_PREFIX, { userId: user.id, clientKind: client, clientLabel: req.label });
    return { kind: 'two_factor', challengeToken, user };
  }
  const { token, session } = await createSession(accounts.deps.pool, { userId: user.id, clientKind: client, clientLabel: req.label, twoFactorSatisfied: false });
  return { kind: 'session', token, session, user };
}

/**
 * Password sign-in. Locked out (too many recent failures for this address or this network) → 429
 * with Retry-After, checked before the password so a locked account cannot be probed. Unknown
 * address and wrong password answer the same 401 in the same time.
 */
export async function logIn(accounts: Accounts, input: z.infer<typeof loginSchema>, req: Req): Promise<SignedIn> {
  const { pool, redis, config } = accounts.deps;
  const s = subject(accounts, input.email, req.ip, 'login');
  const wait = await lockoutRemaining(redis, pool, config.REDIS_PREFIX, s);
  if (wait > 0) {
    await recordAttempt(pool, s, 'locked');
    throw new RateLimitError(wait, { message: 'Too many failed sign-in attempts. Try again later.', details: [{ field: 'email', issue: 'locked_out', retry_after_seconds: wait }] });
  }
  const user = await findUserByEmail(pool, input.email);
  const ok = user?.password_hash ? await verifyPassword(user.password_hash, input.password) : await verifyAgainstDummy(input.password);
  if (!user || !ok || user.status === 'deleted' || user.status === 'pending_deletion') {
    await recordFailure(redis, config.REDIS_PREFIX, s);
    await recordAttempt(pool, s, 'failure', { userId: user?.id ?? null, reason: user ? 'wrong_password' : 'unknown_identifier' });
    throw new AuthenticationError('invalid_credentials', { details: [{ field: 'password', issue: 'invalid_credentials' }] });
  }
  await clearFailures(redis, config.REDIS_PREFIX, s);
  await recordAttempt(pool, s, 'success', { userId: user.id });
  return startSession(accounts, user, input.client, req);
}

export async function verifyEmail(accounts: Accounts, token: string): Promise<UserRow> {
  const userId = await consumeVerificationToken(accounts.deps.pool, token);
  if (!userId) throw new AuthenticationError('unauthenticated', { message: 'This verification link is invalid or has expired. Request a new one.', details: [{ field: 'token', issue: 'invalid_or_expired' }] });
  await markEmailVerified(accounts.deps.pool, userId);
  const user = await findUserById(accounts.deps.pool, userId);
  if (!user) throw new AuthenticationError('unauthenticated');
  return user;
}

/** At most this many e-mails of one kind per address per 15 minutes; extra requests answer the same, silently. */
const MAILS_PER_15_MIN = 5;

export async function resendVerification(accounts: Accounts, user: UserRow): Promise<void> {
  if (user.email_verified_at !== null || (await recentTokens(accounts.deps.pool, 'verification', user.id)) >= MAILS_PER_15_MIN) return;
  await sendVerification(accounts, user);
}


/** Sends a sign-in link to a known address; answers the same whether or not the address exists. */
export async function requestMagicLink(accounts: Accounts, email: string): Promise<void> {
  const { pool } = accounts.deps;
  if ((await recentMagicLinks(pool, email)) >= MAILS_PER_15_MIN) return;
  const user = await findUserByEmail(pool, email);
  if (!user || user.status !== 'active') return;
  const token = await issueMagicLinkToken(pool, user.email, user.id);
  await accounts.mailer.send(magicLinkEmail(user.email, link(accounts, '/api/auth/magic-link/consume', token)));
}

/** A magic link signs in (and proves the address, so it also verifies it). */
export async function consumeMagicLink(accounts: Accounts, token: string, client: ClientKind, req: Req): Promise<SignedIn> {
  const { pool } = accounts.deps;
  const found = await consumeMagicLinkToken(pool, token);
  const user = found?.userId ? await findUserById(pool, found.userId) : undefined;
  if (!found || !user || user.email !== found.email || user.status !== 'active') {
    throw new AuthenticationError('unauthenticated', { message: 'This sign-in link is invalid or has expired. Request a new one.', details: [{ field: 'token', issue: 'invalid_or_expired' }] });
  }
  await markEmailVerified(pool, user.id);
  await recordAttempt(pool, subject(accounts, user.email, req.ip, 'magic_link'), 'success', { userId: user.id });
  return startSession(accounts, { ...user, email_verified_at: user.email_verified_at ?? new Date() }, client, req);
}

export async function requestPasswordReset(accounts: Accounts, email: string): Promise<void> {
  const user = await findUserByEmail(accounts.deps.pool, email);
  if (!user || user.status !== 'active' || (await recentTokens(accounts.deps.pool, 'reset', user.id)) >= MAILS_PER_15_MIN) return;
  const token = await issueResetToken(accounts.deps.pool, user.id);
  await accounts.mailer.send(passwordResetEmail(user.email, link(accounts, '/reset-password', token)));
}

/** Sets a new password from a reset link; every session of the account ends (a reset means "someone else may be in"). */
export async function confirmPasswordReset(accounts: Accounts, token: string, password: string, req: Req): Promise<void> {
  await withTransaction(accounts.deps.pool, async (tx) => {
    const userId = await consumeResetToken(tx, token);
    if (!userId) throw new AuthenticationError('unauthenticated', { message: 'This reset link is invalid or has expired. Request a new one.', details: [{ field: 'token', issue: 'invalid_or_expired' }] });
    await setPassword(tx, userId, password);
    await markEmailVerified(tx, userId);
    await revokeAllSessions(tx, userId);
    await writeAudit(tx, { workspaceId: null, actor: { type: 'user', userId }, action: 'account.password_reset', resourceType: 'user', resourceId: userId, requestId: req.requestId });
  });
}
