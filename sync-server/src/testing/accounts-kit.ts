import { createTestApp, type TestApp } from './app';
import type { DepsOverrides } from '../deps';
import { firstLink, startSmtpCapture, type SmtpCapture } from '@linkhub/shared/server/mail/smtp-testing';
import { signUpOverHttp } from './sign-up-over-http';

/**
 * For the account route tests: the real app on a fresh database and Redis prefix, its mail going
 * to a real in-process SMTP server, and small helpers to call it like a client would.
 */
export type Kit = TestApp & {
  smtp: SmtpCapture;
  /** `remoteAddress`: the client's socket address as the Node adapter would see it (in-process requests have none). */
  call: (
    method: string,
    path: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string>; remoteAddress?: string },
  ) => Promise<Response>;
  json: <T = Record<string, unknown>>(res: Response) => Promise<T>;
  signUp: (
    email: string,
    opts?: { name?: string; password?: string; verify?: boolean },
  ) => Promise<{ token: string; userId: string; workspaceId: string }>;
  tokenFromMail: (email: string, subjectIncludes: string) => Promise<string>;
  /** Waits until the account-mail queue has handled every job enqueued so far. */
  drainMail: () => Promise<void>;
  stop: () => Promise<void>;
};

export const PASSWORD = 'correct horse battery staple';

/** `env`: extra settings for the app (e.g. the billing tests' STRIPE_* pointing at a local Stripe). */
export async function startKit(
  overrides: DepsOverrides = {},
  env: Record<string, string> = {},
): Promise<Kit> {
  const smtp = await startSmtpCapture();
  const test = await createTestApp(
    { PUBLIC_SYNC_URL: 'http://localhost:8080', SMTP_URL: smtp.url, ...env },
    overrides,
  );
  const call: Kit['call'] = (method, path, opts = {}) =>
    Promise.resolve(
      test.app.request(
        path,
        {
          method,
          headers: {
            ...(opts.body === undefined ? {} : { 'Content-Type': 'application/json' }),
            ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}),
            ...opts.headers,
          },
          ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
        },
        opts.remoteAddress === undefined
          ? undefined
          : { incoming: { socket: { remoteAddress: opts.remoteAddress } } },
      ),
    );
  const json = async <T>(res: Response): Promise<T> => (await res.json()) as T; // test-only: shape asserted by the test
  const tokenFromMail: Kit['tokenFromMail'] = async (email, subjectIncludes) => {
    const mail = await smtp.waitFor(email, (m) => m.subject.includes(subjectIncludes) && !used.has(m.raw));
    used.add(mail.raw);
    const token = new URL(firstLink(mail.text)).searchParams.get('token');
    if (!token) throw new Error('no token in mail');
    return token;
  };
  const used = new Set<string>();
  const signUp: Kit['signUp'] = async (email, opts = {}) => {
    const password = opts.password ?? PASSWORD;
    const signedUp = await signUpOverHttp((path, init) => test.app.request(path, init), {
      email,
      password,
      name: opts.name ?? email.split('@')[0] ?? email,
    });
    if (opts.verify !== false) {
      const token = await tokenFromMail(email, 'Verify');
      const v = await call('POST', '/api/auth/verify-email', { body: { token } });
      if (v.status !== 200) throw new Error(`verify ${v.status}`);
    }
    return signedUp;
  };
  return {
    ...test,
    smtp,
    call,
    json,
    signUp,
    tokenFromMail,
    drainMail: () => test.deps.accounts.mailQueue.drain(),
    stop: async () => {
      await test.close();
      await smtp.close();
    },
  };
}

/** Sets a workspace's plan directly (billing is another issue's door). */
export async function setPlan(
  kit: Kit,
  workspaceId: string,
  plan: 'free' | 'pro' | 'business',
): Promise<void> {
  await kit.deps.pool.query('UPDATE workspaces SET current_plan_key = $2 WHERE id = $1', [workspaceId, plan]);
  await kit.deps.pool.query(
    'UPDATE billing_accounts SET plan_key = $2 WHERE id = (SELECT billing_account_id FROM workspaces WHERE id = $1)',
    [workspaceId, plan],
  );
}
