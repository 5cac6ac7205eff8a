import { rateLimitKey } from '@linkhub/shared/cache/keys';
import { magicLinkEmail, passwordResetEmail, signupAttemptEmail, verificationEmail } from './mail-templates';
import type { AccountMailJob } from './account-mail-queue';
import { appLink, appPage } from './app-links';
import type { Accounts } from './accounts';
import {
  issueMagicLinkToken,
  issueResetToken,
  issueVerificationToken,
  recentMagicLinks,
  recentTokens,
} from './email-tokens';
import { identifierHash } from './hashing';
import { findUserByEmail, findUserById, type UserRow } from './users';

/**
 * The account-mail consumer (16.9): everything that depends on whether an address has an account
 * happens here, after the request has answered. At most MAILS_PER_WINDOW e-mails of one kind go to
 * one address per 15 minutes; extra jobs are dropped silently.
 */
export const MAILS_PER_WINDOW = 5;
const WINDOW_SECONDS = 15 * 60;

async function sendVerification(accounts: Accounts, user: UserRow): Promise<void> {
  if (
    user.email_verified_at !== null ||
    (await recentTokens(accounts.pool, 'verification', user.id)) >= MAILS_PER_WINDOW
  )
    return;
  const token = await issueVerificationToken(accounts.pool, user.id, user.email);
  await accounts.mailer.send(verificationEmail(user.email, appLink(accounts.appUrl, 'verifyEmail', token)));
}

/** Counts one "someone tried to sign up" mail for the address; false once the window's allowance is spent. */
async function takeSignupNoticeSlot(accounts: Accounts, email: string): Promise<boolean> {
  const { redis, config } = accounts;
  const key = rateLimitKey(
    config.REDIS_PREFIX,
    'signup-notice',
    identifierHash(accounts.config.AUTH_SECRET, email),
  );
  const [[, count] = [null, 0]] =
    (await redis.multi().incr(key).expire(key, WINDOW_SECONDS, 'NX').exec()) ?? [];
  return Number(count) <= MAILS_PER_WINDOW;
}

async function signupMail(accounts: Accounts, email: string): Promise<void> {
  const user = await findUserByEmail(accounts.pool, email);
  if (!user || user.status !== 'active') return;
  // A new account, or one never confirmed: the verification mail. A confirmed one: a notice to its owner.
  if (user.email_verified_at === null) return sendVerification(accounts, user);
  if (!(await takeSignupNoticeSlot(accounts, user.email))) return;
  await accounts.mailer.send(signupAttemptEmail(user.email, appPage(accounts.appUrl, '/')));
}

async function resetMail(accounts: Accounts, email: string): Promise<void> {
  const { pool } = accounts;
  const user = await findUserByEmail(pool, email);
  if (!user || user.status !== 'active' || (await recentTokens(pool, 'reset', user.id)) >= MAILS_PER_WINDOW)
    return;
  const token = await issueResetToken(pool, user.id);
  await accounts.mailer.send(
    passwordResetEmail(user.email, appLink(accounts.appUrl, 'resetPassword', token)),
  );
}

async function magicLinkMail(accounts: Accounts, email: string): Promise<void> {
  const { pool } = accounts;
  if ((await recentMagicLinks(pool, email)) >= MAILS_PER_WINDOW) return;
  const user = await findUserByEmail(pool, email);
  if (!user || user.status !== 'active') return;
  const token = await issueMagicLinkToken(pool, user.email, user.id);
  await accounts.mailer.send(magicLinkEmail(user.email, appLink(accounts.appUrl, 'magicLink', token)));
}

export async function deliverAccountMail(accounts: Accounts, job: AccountMailJob): Promise<void> {
  switch (job.kind) {
    case 'signup':
      return signupMail(accounts, job.email);
    case 'verification': {
      const user = await findUserById(accounts.pool, job.user_id);
      return user ? sendVerification(accounts, user) : undefined;
    }
    case 'password_reset':
      return resetMail(accounts, job.email);
    case 'magic_link':
      return magicLinkMail(accounts, job.email);
  }
}
